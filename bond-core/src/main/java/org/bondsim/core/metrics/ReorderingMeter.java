package org.bondsim.core.metrics;

import java.util.Arrays;

/**
 * Reordering metrics of one flow, measured at the receiver from the sender's packet numbers (0, 1,
 * 2, … in sending order), as RFC 4737 and RFC 5236 define them.
 *
 * <p>RFC 4737: a packet is reordered when its number is below NextExp (one more than the highest
 * number seen so far); its reordering extent is the distance in arrivals back to the earliest
 * packet that arrived before it with a higher number; it is n-reordered when the n packets that
 * arrived just before it all carry higher numbers. Duplicates are counted apart and otherwise
 * ignored, as the RFC asks.
 *
 * <p>RFC 5236 reorder density: the displacement of a packet is its receive index minus its expected
 * index, counted in a histogram for displacements within ±{@code threshold}. A packet not received
 * by the time a number {@code threshold} beyond it has arrived is taken as lost, and the expected
 * indices of later packets close up over it, as the RFC's displacement threshold does.
 *
 * <p>Limits: duplicates are recognised within the last 2^20 numbers; the extent of a packet older
 * than the last 65536 in-order advances is a lower bound. Memory grows with what the flow needs: a
 * flow that arrives in order keeps about 1 KB (a 1024-number window and 64 breakpoints); the window
 * doubles when a packet arrives more than half of it late or ahead, up to 2^20 numbers (128 KB),
 * and the breakpoint ring doubles when full, up to 65536 (1 MB).
 */
public final class ReorderingMeter {
  /** The largest n for which n-reordering is counted. */
  public static final int MAX_N = 3;

  private static final int MAX_SEEN_BITS = 1 << 20;
  private static final int MIN_SEEN_BITS = 1 << 10;
  private static final int MAX_BREAKPOINTS = 1 << 16;
  private static final int MIN_BREAKPOINTS = 64;

  private final int threshold;
  private int seenBits = MIN_SEEN_BITS;
  private long[] seen = new long[MIN_SEEN_BITS / 64];
  private final long[] recent = new long[MAX_N];
  private long[] breakpointArrival = new long[MIN_BREAKPOINTS];
  private long[] breakpointMax = new long[MIN_BREAKPOINTS];
  private final long[] density;
  private int breakpointHead;
  private int breakpointCount;
  private int recentCount;
  private int recentHead;

  private long nextExpected;
  private long received;
  private long duplicates;
  private long reordered;
  private long extentSum;
  private long maxExtent;
  private final long[] nReordered = new long[MAX_N + 1];

  // RFC 5236 state.
  private long lossCheckedUpTo;
  private long declaredLost;
  private long lateAfterLoss;
  private long beyondThreshold;

  /**
   * Builds a meter.
   *
   * @param threshold RFC 5236's displacement threshold DT, at least 1
   */
  public ReorderingMeter(int threshold) {
    if (threshold < 1 || threshold > 1024) {
      throw new IllegalArgumentException(
          "displacement threshold must be 1..1024, got " + threshold);
    }
    this.threshold = threshold;
    this.density = new long[2 * threshold + 1];
  }

  /**
   * Records an arrival.
   *
   * @param sequence the packet's number, from 0 in sending order
   */
  public void onArrival(long sequence) {
    if (sequence < 0) {
      throw new IllegalArgumentException("sequence must be >= 0, got " + sequence);
    }
    long distance = Math.abs(sequence - nextExpected) + threshold;
    if (distance > seenBits / 2 && seenBits < MAX_SEEN_BITS) {
      growSeen(distance);
    }
    if (isDuplicate(sequence)) {
      duplicates++;
      return;
    }
    markSeen(sequence);
    long arrivalIndex = received++;
    if (sequence >= nextExpected) {
      clearSeenBetween(nextExpected, sequence);
      nextExpected = sequence + 1;
      addBreakpoint(arrivalIndex, sequence);
    } else {
      reordered++;
      long extent = arrivalIndex - earliestArrivalAbove(sequence);
      extentSum += extent;
      maxExtent = Math.max(maxExtent, extent);
      int degree = 0;
      for (int k = 0; k < recentCount; k++) {
        long previous = recent[(recentHead - 1 - k + MAX_N) % MAX_N];
        if (previous > sequence) {
          degree++;
        } else {
          break;
        }
      }
      for (int n = 1; n <= degree; n++) {
        nReordered[n]++;
      }
    }
    recent[recentHead] = sequence;
    recentHead = (recentHead + 1) % MAX_N;
    recentCount = Math.min(recentCount + 1, MAX_N);
    updateDensity(sequence);
  }

  private void updateDensity(long sequence) {
    if (sequence < lossCheckedUpTo) {
      // Not a duplicate, so it had not arrived when it was declared lost: late beyond DT.
      lateAfterLoss++;
      beyondThreshold++;
      return;
    }
    // Numbers more than DT below the highest seen that never arrived are lost.
    long lossHorizon = nextExpected - 1 - threshold;
    while (lossCheckedUpTo < lossHorizon) {
      if (!isSeen(lossCheckedUpTo)) {
        declaredLost++;
      }
      lossCheckedUpTo++;
    }
    long receiveIndex = received - 1 - lateAfterLoss;
    long expectedIndex = sequence - declaredLost;
    long displacement = receiveIndex - expectedIndex;
    if (displacement >= -threshold && displacement <= threshold) {
      density[(int) displacement + threshold]++;
    } else {
      beyondThreshold++;
    }
  }

  private long earliestArrivalAbove(long sequence) {
    // Breakpoints hold (arrival index, new maximum) each time the maximum rose; both only grow, so
    // the first breakpoint whose maximum exceeds the sequence gives the earliest such arrival.
    int low = 0;
    int high = breakpointCount - 1;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (breakpointMax[slot(mid)] > sequence) {
        high = mid;
      } else {
        low = mid + 1;
      }
    }
    return breakpointArrival[slot(low)];
  }

  private int slot(int logical) {
    return (breakpointHead + logical) & (breakpointArrival.length - 1);
  }

  private void addBreakpoint(long arrivalIndex, long max) {
    if (breakpointCount == breakpointArrival.length) {
      if (breakpointCount < MAX_BREAKPOINTS) {
        growBreakpoints();
      } else {
        breakpointHead = (breakpointHead + 1) & (breakpointArrival.length - 1);
        breakpointCount--;
      }
    }
    int s = slot(breakpointCount);
    breakpointArrival[s] = arrivalIndex;
    breakpointMax[s] = max;
    breakpointCount++;
  }

  private void growBreakpoints() {
    int capacity = breakpointArrival.length * 2;
    long[] arrivals = new long[capacity];
    long[] maxima = new long[capacity];
    for (int i = 0; i < breakpointCount; i++) {
      arrivals[i] = breakpointArrival[slot(i)];
      maxima[i] = breakpointMax[slot(i)];
    }
    breakpointArrival = arrivals;
    breakpointMax = maxima;
    breakpointHead = 0;
  }

  /** Widens the duplicate window to cover {@code distance}, keeping what the old one knew. */
  private void growSeen(long distance) {
    int bits = seenBits;
    while (bits < MAX_SEEN_BITS && bits / 2 < distance) {
      bits *= 2;
    }
    long[] wider = new long[bits / 64];
    for (long q = Math.max(0, nextExpected - seenBits); q < nextExpected; q++) {
      if (isSeen(q)) {
        int bit = (int) (q & (bits - 1));
        wider[bit >>> 6] |= 1L << bit;
      }
    }
    seen = wider;
    seenBits = bits;
  }

  private boolean isDuplicate(long sequence) {
    if (sequence >= nextExpected) {
      return false;
    }
    if (nextExpected - sequence > seenBits) {
      return false;
    }
    return isSeen(sequence);
  }

  private boolean isSeen(long sequence) {
    int bit = (int) (sequence & (seenBits - 1));
    return (seen[bit >>> 6] & (1L << bit)) != 0;
  }

  private void markSeen(long sequence) {
    int bit = (int) (sequence & (seenBits - 1));
    seen[bit >>> 6] |= 1L << bit;
  }

  private void clearSeenBetween(long fromInclusive, long toExclusive) {
    // Numbers entering the window for the first time must not inherit bits from a window earlier.
    long span = Math.min(toExclusive - fromInclusive, seenBits);
    for (long q = toExclusive - span; q < toExclusive; q++) {
      int bit = (int) (q & (seenBits - 1));
      seen[bit >>> 6] &= ~(1L << bit);
    }
  }

  /**
   * Returns the measurements so far.
   *
   * @return a snapshot
   */
  public ReorderingStats snapshot() {
    return new ReorderingStats(
        received,
        duplicates,
        reordered,
        maxExtent,
        extentSum,
        Arrays.copyOfRange(nReordered, 1, MAX_N + 1),
        threshold,
        density.clone(),
        beyondThreshold);
  }
}
