package org.bondsim.core.metrics;

import java.util.Arrays;

/**
 * Reordering measured over one or more flows (sums over flows; extents are maxima).
 *
 * @param received distinct packets received
 * @param duplicates copies of packets already received
 * @param reordered packets that arrived after a higher-numbered one (RFC 4737 reordered)
 * @param maxExtent the largest RFC 4737 reordering extent, in packets
 * @param extentSum the sum of the extents of all reordered packets
 * @param nReordered n-reordered packets for n = 1 .. {@link ReorderingMeter#MAX_N} (index n-1)
 * @param densityThreshold RFC 5236 displacement threshold DT
 * @param density RFC 5236 displacement frequencies for displacement -DT .. +DT (index D+DT)
 * @param beyondThreshold packets displaced by more than DT, or late after being taken as lost
 */
public record ReorderingStats(
    long received,
    long duplicates,
    long reordered,
    long maxExtent,
    long extentSum,
    long[] nReordered,
    int densityThreshold,
    long[] density,
    long beyondThreshold) {
  /**
   * Returns nothing measured.
   *
   * @param threshold DT
   * @return empty stats
   */
  public static ReorderingStats empty(int threshold) {
    return new ReorderingStats(
        0, 0, 0, 0, 0, new long[ReorderingMeter.MAX_N], threshold, new long[2 * threshold + 1], 0);
  }

  /**
   * Returns the RFC 4737 reordered-packet ratio.
   *
   * @return reordered / received, 0 when nothing was received
   */
  public double reorderedRatio() {
    return received == 0 ? 0.0 : (double) reordered / received;
  }

  /**
   * Returns the mean extent of reordered packets.
   *
   * @return packets, 0 when none was reordered
   */
  public double meanExtent() {
    return reordered == 0 ? 0.0 : (double) extentSum / reordered;
  }

  /**
   * Returns the RFC 5236 reorder density at one displacement: the share of received packets
   * displaced by exactly that much.
   *
   * @param displacement -DT .. +DT
   * @return a fraction of the received packets
   */
  public double densityAt(int displacement) {
    return received == 0 ? 0.0 : (double) density[displacement + densityThreshold] / received;
  }

  /**
   * Adds another flow's measurements.
   *
   * @param other the other flow, measured with the same threshold
   * @return the sum
   */
  public ReorderingStats plus(ReorderingStats other) {
    if (other.densityThreshold != densityThreshold) {
      throw new IllegalArgumentException("thresholds differ");
    }
    long[] n = nReordered.clone();
    long[] d = density.clone();
    for (int i = 0; i < n.length; i++) {
      n[i] += other.nReordered[i];
    }
    for (int i = 0; i < d.length; i++) {
      d[i] += other.density[i];
    }
    return new ReorderingStats(
        received + other.received,
        duplicates + other.duplicates,
        reordered + other.reordered,
        Math.max(maxExtent, other.maxExtent),
        extentSum + other.extentSum,
        n,
        densityThreshold,
        d,
        beyondThreshold + other.beyondThreshold);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReorderingStats r
        && received == r.received
        && duplicates == r.duplicates
        && reordered == r.reordered
        && maxExtent == r.maxExtent
        && extentSum == r.extentSum
        && densityThreshold == r.densityThreshold
        && beyondThreshold == r.beyondThreshold
        && Arrays.equals(nReordered, r.nReordered)
        && Arrays.equals(density, r.density);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(received) * 31 + Arrays.hashCode(density);
  }

  @Override
  public String toString() {
    return "ReorderingStats[received="
        + received
        + ", reordered="
        + reordered
        + ", maxExtent="
        + maxExtent
        + ", nReordered="
        + Arrays.toString(nReordered)
        + "]";
  }
}
