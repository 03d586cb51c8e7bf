package org.bondsim.api.option;

import java.util.regex.Pattern;

/**
 * Number syntax as people type it on a command line: decimal digits with an optional fraction and
 * exponent ({@code 20}, {@code 0.5}, {@code 1e-3}). Java's own parsers also take {@code NaN},
 * {@code Infinity}, hexadecimal floats ({@code 0x1p3}) and type suffixes ({@code 10d}, {@code 2f}),
 * which no networking tool reads as numbers; these methods refuse them.
 */
public final class StrictNumbers {
  private static final Pattern DECIMAL =
      Pattern.compile("[+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?");
  private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]{1,18}");

  private StrictNumbers() {}

  /**
   * Parses a non-negative decimal number.
   *
   * @param text the text
   * @return the value, or NaN when the text is not a plain decimal number (or is too large to be
   *     finite)
   */
  public static double decimal(String text) {
    if (text == null) {
      return Double.NaN;
    }
    String t = text.trim();
    if (!DECIMAL.matcher(t).matches()) {
      return Double.NaN;
    }
    double value = Double.parseDouble(t);
    return Double.isFinite(value) ? value : Double.NaN;
  }

  /**
   * Returns whether a text is a whole number of at most 18 digits, with an optional sign.
   *
   * @param text the text
   * @return true if {@link Long#parseLong} takes it without overflow
   */
  public static boolean isInteger(String text) {
    return text != null && INTEGER.matcher(text.trim()).matches();
  }

  /**
   * Returns whether a text is made of ASCII digits only (Java's parsers also take other scripts'
   * digits, such as {@code ١٢}, which no networking tool reads as numbers).
   *
   * @param text the text
   * @param hex whether a-f and A-F count as digits too
   * @return true for a non-empty run of such digits
   */
  public static boolean isAsciiDigits(String text, boolean hex) {
    if (text == null || text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean digit = c >= '0' && c <= '9' || hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F');
      if (!digit) {
        return false;
      }
    }
    return true;
  }

  /**
   * Shortens a value for echoing in a message: at most 40 characters, with an ellipsis.
   *
   * @param text the text given
   * @return the text, or its start and {@code …}
   */
  public static String echo(String text) {
    if (text == null) {
      return "null";
    }
    String oneLine = text.replaceAll("[\\r\\n\\t]", " ");
    return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 37) + "…";
  }
}
