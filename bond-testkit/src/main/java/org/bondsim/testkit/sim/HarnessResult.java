package org.bondsim.testkit.sim;

import org.bondsim.core.scenario.RunReport;

/**
 * What a harness run produced: the full report, and the figures tests usually ask about.
 *
 * @param report the run's report
 */
public record HarnessResult(RunReport report) {
  /**
   * Returns the RFC 4737 reordered ratio over all flows at the receiving host's NICs.
   *
   * @return 0 to 1
   */
  public double reorderedRatio() {
    return report.reordering().reorderedRatio();
  }

  /**
   * Returns the largest RFC 4737 reordering extent.
   *
   * @return packets
   */
  public long maxExtent() {
    return report.reordering().maxExtent();
  }

  /**
   * Returns the RFC 5236 reorder density at a displacement: the fraction of packets that arrived
   * that many positions from where they were sent (negative: early, positive: late).
   *
   * @param displacement positions, within the report's threshold
   * @return 0 to 1
   */
  public double reorderDensityAt(int displacement) {
    return report.reordering().densityAt(displacement);
  }

  /**
   * Returns the payload throughput the test measured at the receiver.
   *
   * @return Mbit/s
   */
  public double throughputMbps() {
    return report.result().throughputMbps();
  }

  /**
   * Returns the share of the sending bond's frames that each slave carried.
   *
   * @return one fraction per slave, summing to 1 (all 0 if nothing was sent)
   */
  public double[] txShares() {
    double[] shares = new double[report.slaves().size()];
    long total = 0;
    for (RunReport.SlaveReport slave : report.slaves()) {
      total += slave.txPackets();
    }
    for (int i = 0; i < shares.length; i++) {
      shares[i] = total == 0 ? 0 : (double) report.slaves().get(i).txPackets() / total;
    }
    return shares;
  }

  /**
   * Returns how far the busiest or idlest slave is from an equal share, as a fraction of that
   * share: 0 for a perfect spread, 1 when a slave carries twice its share or nothing.
   *
   * @return the largest deviation
   */
  public double maxShareDeviation() {
    double[] shares = txShares();
    double fair = 1.0 / shares.length;
    double worst = 0;
    for (double share : shares) {
      worst = Math.max(worst, Math.abs(share - fair) / fair);
    }
    return worst;
  }
}
