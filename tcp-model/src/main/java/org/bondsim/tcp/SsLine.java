package org.bondsim.tcp;

import java.util.Locale;

/**
 * One connection as {@code ss -ti} prints it: iproute2's {@code tcp_stats_print} order and omission
 * rules ({@code misc/ss.c}): a field appears only when Linux's value for it is non-zero ({@code
 * rto} also not at the 3 s fallback, {@code ssthresh} only below 0xFFFF, {@code reordering} only
 * when not 3), numbers in C's {@code %g}, rates as {@code sprint_bw} writes them. On a kernel whose
 * {@code tcp_info} ends before a field ({@link Kernel#tcpInfoHasTotals}) that field is zero to
 * {@code ss}, so it does not appear.
 *
 * <p>Left out, because the model does not keep them as Linux does: {@code ato}, {@code lastsnd},
 * {@code lastrcv}, {@code lastack}, {@code pacing_rate}, {@code delivery_rate}, {@code
 * app_limited}, {@code busy} and the limited times, {@code dsack_dups}, {@code reord_seen}, {@code
 * rcv_rtt}, {@code rcv_space}, {@code notsent}, {@code rcv_wnd}. {@code rcv_ssthresh} the model
 * keeps ({@link RcvSsthresh}) but does not print.
 */
final class SsLine {
  private final StringBuilder out = new StringBuilder();

  SsLine flag(boolean on, String word) {
    if (on) {
      out.append(' ').append(word);
    }
    return this;
  }

  SsLine word(String word) {
    out.append(' ').append(word);
    return this;
  }

  SsLine count(String name, long value) {
    if (value != 0) {
      out.append(' ').append(name).append(':').append(value);
    }
    return this;
  }

  SsLine millis(String name, double ms) {
    if (ms != 0) {
      out.append(' ').append(name).append(':').append(g(ms));
    }
    return this;
  }

  SsLine pair(String name, String first, String second) {
    out.append(' ').append(name).append(':').append(first).append('/').append(second);
    return this;
  }

  SsLine rate(String name, double bitsPerSecond) {
    if (bitsPerSecond != 0) {
      out.append(' ').append(name).append(' ').append(bandwidth(bitsPerSecond)).append("bps");
    }
    return this;
  }

  @Override
  public String toString() {
    return out.toString().trim();
  }

  /** {@code sprint_bw}: M above 10^6, K above 10^3, one decimal; else {@code %g}. */
  static String bandwidth(double bw) {
    if (bw > 1_000_000.0) {
      return String.format(Locale.ROOT, "%.1fM", bw / 1_000_000.0);
    }
    if (bw > 1000.0) {
      return String.format(Locale.ROOT, "%.1fK", bw / 1000.0);
    }
    return g(bw);
  }

  /**
   * C's {@code printf("%g")}: six significant digits, trailing zeros and point dropped, exponent
   * form below 1e-4 and from 1e6 on.
   */
  static String g(double value) {
    if (value == 0) {
      return "0";
    }
    int exponent = (int) Math.floor(Math.log10(Math.abs(value)));
    String text;
    // Rounding to six digits may carry into the next power of ten (999999.5 is 1e+06).
    String rounded = String.format(Locale.ROOT, "%.5e", value);
    exponent = Integer.parseInt(rounded.substring(rounded.indexOf('e') + 1));
    if (exponent < -4 || exponent >= 6) {
      String mantissa = stripZeros(rounded.substring(0, rounded.indexOf('e')));
      text =
          String.format(
              Locale.ROOT, "%se%s%02d", mantissa, exponent < 0 ? "-" : "+", Math.abs(exponent));
    } else {
      text = stripZeros(String.format(Locale.ROOT, "%." + Math.max(0, 5 - exponent) + "f", value));
    }
    return text;
  }

  private static String stripZeros(String text) {
    if (text.indexOf('.') < 0) {
      return text;
    }
    String stripped = text.replaceAll("0+$", "");
    return stripped.endsWith(".") ? stripped.substring(0, stripped.length() - 1) : stripped;
  }
}
