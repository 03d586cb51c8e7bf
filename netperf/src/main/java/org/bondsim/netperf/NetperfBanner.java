package org.bondsim.netperf;

import java.util.Locale;

/**
 * The first line netperf prints for a migrated test ({@code send_omni_inner}'s legacy banner);
 * bondsim's report replaces its "from … to …" part with the hosts -L and -H named.
 */
final class NetperfBanner {
  private NetperfBanner() {}

  /**
   * @param test such as {@code TCP STREAM} or {@code TCP REQUEST/RESPONSE}
   * @param remote the remote host's address
   * @return the banner line with its newline
   */
  static String of(String test, String remote) {
    return String.format(
        Locale.ROOT,
        "MIGRATED %s TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to %s () port 0 AF_INET :"
            + " simulated%n",
        test,
        remote);
  }

  /**
   * A length of time in seconds as a person writes it: six significant digits at most, no trailing
   * zeros (1, 0.25, 0.000001).
   *
   * @param seconds the time
   * @return the text
   */
  static String seconds(double seconds) {
    return new java.math.BigDecimal(seconds)
        .round(new java.math.MathContext(6))
        .stripTrailingZeros()
        .toPlainString();
  }
}
