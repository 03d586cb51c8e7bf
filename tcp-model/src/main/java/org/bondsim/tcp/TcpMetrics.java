package org.bondsim.tcp;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bondsim.api.option.OptionException;

/**
 * One destination's entry in a host's per-destination TCP metrics: what a closing connection left
 * for the next connection to the same peer ({@code tcp_update_metrics}, {@code tcp_init_metrics}).
 * 2.6.37 keeps it in the route cache entry for the peer ({@code ip route show cache}); 3.6 and
 * later in the {@code tcp_metrics} table ({@code ip tcp_metrics show}). A value of 0 means none, as
 * in the kernel. How each kernel saves and loads it is {@link KernelProfile.MetricsCache}'s.
 *
 * <p>Difference: the kernels keep the RTT in ticks (2.6.37's route cache, in milliseconds at HZ
 * 1000, eighths of a tick before scaling) or microseconds (6.x); the model keeps microseconds for
 * both, what {@code ip tcp_metrics show} prints.
 *
 * @param rttUs the smoothed RTT, microseconds
 * @param rttvarUs the RTT's mean deviation, microseconds
 * @param ssthresh the slow-start threshold, packets
 * @param cwnd the congestion window, packets (saved and shown; Linux loads it only when locked by a
 *     route, which the model has not)
 * @param reordering the reordering level, packets
 */
public record TcpMetrics(long rttUs, long rttvarUs, int ssthresh, int cwnd, int reordering) {
  /** No entry: what {@code ip tcp_metrics flush} leaves. */
  public static final TcpMetrics NONE = new TcpMetrics(0, 0, 0, 0, 0);

  // A time as iproute2 prints one: 2100us, 2.1ms, 0.002s.
  private static final Pattern TIME = Pattern.compile("(\\d{1,9}(?:\\.\\d{1,6})?)(us|ms|s)");

  /** The option a user sets an entry with, named in every message. */
  public static final String OPTION = "--tcp-metrics";

  private static final String ALLOWED =
      "an entry as 'ip tcp_metrics show' prints it, such as '192.168.1.2 age 1.500sec ssthresh 40"
          + " cwnd 80 reordering 127 rtt 2100us rttvar 1050us source 192.168.1.1' (rtt and"
          + " rttvar take us, ms or s; every value at least 0), or flush";

  /** Checks every value. */
  public TcpMetrics {
    check("rttUs", rttUs);
    check("rttvarUs", rttvarUs);
    check("ssthresh", ssthresh);
    check("cwnd", cwnd);
    check("reordering", reordering);
  }

  private static void check(String name, long value) {
    if (value < 0) {
      throw new IllegalArgumentException(name + " must be at least 0, got " + value);
    }
  }

  /**
   * Whether this is no entry at all.
   *
   * @return true when every value is 0
   */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /**
   * Reads an entry as {@code ip tcp_metrics show} prints it (iproute2's {@code ip/tcp_metrics.c}:
   * the peer, {@code age}, the metrics by name, {@code source}), or the metrics of {@code ip route
   * show cache}'s line; the addresses and the age are read past, the metrics may come in any order,
   * and {@code flush} is the empty entry.
   *
   * @param text the line
   * @return the entry
   * @throws OptionException naming {@value #OPTION}, the text and what is allowed
   */
  public static TcpMetrics parse(String text) {
    String[] words = text.trim().split("\\s+");
    if (words.length == 1 && words[0].equals("flush")) {
      return NONE;
    }
    long rtt = 0;
    long rttvar = 0;
    int ssthresh = 0;
    int cwnd = 0;
    int reordering = 0;
    boolean any = false;
    for (int i = 0; i < words.length; i++) {
      String word = words[i];
      if (i == 0 && word.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
        continue;
      }
      if (word.equals("cache")) {
        continue;
      }
      if (i + 1 >= words.length) {
        throw bad(text);
      }
      String value = words[++i];
      switch (word) {
        case "age", "source", "from", "src", "dev" -> {
          continue;
        }
        case "rtt" -> rtt = micros(value, text);
        case "rttvar" -> rttvar = micros(value, text);
        case "ssthresh" -> ssthresh = packets(value, text);
        case "cwnd" -> cwnd = packets(value, text);
        case "reordering" -> reordering = packets(value, text);
        default -> throw bad(text);
      }
      any = true;
    }
    if (!any) {
      throw bad(text);
    }
    return new TcpMetrics(rtt, rttvar, ssthresh, cwnd, reordering);
  }

  private static long micros(String value, String text) {
    Matcher m = TIME.matcher(value);
    if (!m.matches()) {
      throw bad(text);
    }
    int shift =
        switch (m.group(2)) {
          case "us" -> 0;
          case "ms" -> 3;
          default -> 6;
        };
    return new BigDecimal(m.group(1))
        .scaleByPowerOfTen(shift)
        .setScale(0, RoundingMode.DOWN)
        .longValueExact();
  }

  private static int packets(String value, String text) {
    if (!value.matches("\\d{1,9}")) {
      throw bad(text);
    }
    return Integer.parseInt(value);
  }

  private static OptionException bad(String text) {
    return OptionException.mustBe(OPTION, ALLOWED, "'" + text.trim() + "'");
  }

  /**
   * The entry as {@code ip tcp_metrics show} prints it on 6.x (iproute2 puts ssthresh, cwnd and
   * reordering first, then the RTT and its deviation from the kernel's microsecond attributes);
   * {@link #parse} reads it back to the same entry.
   *
   * @param peer the destination address
   * @param source the local address
   * @return the line, or {@code ip tcp_metrics}'s silence (an empty string) for no entry
   */
  public String show(String peer, String source) {
    if (isEmpty()) {
      return "";
    }
    StringBuilder line = new StringBuilder(peer).append(" age 0.000sec");
    if (ssthresh > 0) {
      line.append(" ssthresh ").append(ssthresh);
    }
    if (cwnd > 0) {
      line.append(" cwnd ").append(cwnd);
    }
    if (reordering > 0) {
      line.append(" reordering ").append(reordering);
    }
    if (rttUs > 0) {
      line.append(String.format(Locale.ROOT, " rtt %dus", rttUs));
    }
    if (rttvarUs > 0) {
      line.append(String.format(Locale.ROOT, " rttvar %dus", rttvarUs));
    }
    return line.append(" source ").append(source).toString();
  }
}
