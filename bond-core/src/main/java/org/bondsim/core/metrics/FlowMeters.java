package org.bondsim.core.metrics;

import java.util.Arrays;

/** One {@link ReorderingMeter} per flow, made on a flow's first packet, and their sum. */
public final class FlowMeters {
  private final int densityThreshold;
  private ReorderingMeter[] meters = new ReorderingMeter[0];

  /**
   * Builds an empty set.
   *
   * @param densityThreshold RFC 5236 threshold for every meter
   */
  public FlowMeters(int densityThreshold) {
    this.densityThreshold = densityThreshold;
  }

  /**
   * Records an arrival of number {@code sequence} in flow {@code flow}.
   *
   * @param flow the flow, 0 or above
   * @param sequence its number in sending order
   */
  public void onArrival(int flow, long sequence) {
    if (flow >= meters.length) {
      meters = Arrays.copyOf(meters, Math.max(flow + 1, meters.length * 2));
    }
    ReorderingMeter meter = meters[flow];
    if (meter == null) {
      meter = new ReorderingMeter(densityThreshold);
      meters[flow] = meter;
    }
    meter.onArrival(sequence);
  }

  /**
   * Returns every flow's reordering, summed.
   *
   * @return the stats
   */
  public ReorderingStats sum() {
    ReorderingStats sum = ReorderingStats.empty(densityThreshold);
    for (ReorderingMeter meter : meters) {
      if (meter != null) {
        sum = sum.plus(meter.snapshot());
      }
    }
    return sum;
  }
}
