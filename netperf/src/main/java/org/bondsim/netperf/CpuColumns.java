package org.bondsim.netperf;

/**
 * netperf's CPU columns ({@code -c}, {@code -C}): each side's utilisation and service demand, in
 * the units the test's table uses (µs per KB for the stream tests, µs per transaction for TCP_RR).
 * A side that was not asked for is {@link #NOT_MEASURED}, which netperf prints as {@code -1.00}.
 *
 * @param localPercent the local host's CPU utilisation in percent, averaged over its CPUs
 * @param remotePercent the remote host's
 * @param localServiceDemand the local host's CPU time per unit of work
 * @param remoteServiceDemand the remote host's
 * @param method the letter netperf prints after {@code %}: {@code S} on Linux (/proc/stat)
 */
public record CpuColumns(
    double localPercent,
    double remotePercent,
    double localServiceDemand,
    double remoteServiceDemand,
    char method) {
  /** netperf's value for a side it did not measure. */
  public static final double NOT_MEASURED = -1.0;

  /**
   * The unit part of a throughput label, as netperf's {@code format_units()} gives it.
   *
   * @param unitLabel such as {@code 10^6bits/sec}
   * @return such as {@code 10^6bits}
   */
  public static String units(String unitLabel) {
    return unitLabel.endsWith("/sec")
        ? unitLabel.substring(0, unitLabel.length() - "/sec".length())
        : unitLabel;
  }
}
