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
 * <p>Memory follows what the flow needs. The meter remembers the numbers still missing (holes below
 * NextExp), in a bitmap that spans from the oldest hole to NextExp, not every number seen: a number
 * below NextExp that is not a hole is a duplicate. An in-order flow has no holes, and its in-order
 * advances form one run of breakpoints, so it keeps well under 1 KB. Limits: the bitmap spans at
 * most 2^20 numbers (128 KB): holes older than that are forgotten, and a late arrival of one counts
 * as reordered, never as a duplicate; at most 65536 runs of breakpoints are kept, beyond which the
 * extent of a very late packet is a lower bound. From its 64th reordered arrival on, a flow also
 * keeps, for the numbers up to its deepest reordering below NextExp (at most 4096, 32 KB), the
 * arrival at which the maximum first exceeded each, so that a late packet's extent is one read.
 */
public final class ReorderingMeter {
  /** The largest n for which n-reordering is counted. */
  public static final int MAX_N = 3;

  private static final int MAX_HOLE_BITS = 1 << 20;
  private static final int MIN_HOLE_BITS = 1 << 6;
  private static final int MAX_RUNS = 1 << 16;
  private static final int MIN_RUNS = 4;
  // The direct map of recent extents starts after this many reordered arrivals (an in-order or
  // rarely reordered flow never pays for it) and spans at most MAX_MAP numbers (32 KB): fewer than
  // the breakpoint runs kept, so every answer it holds is the one the breakpoints give.
  private static final int MAP_AFTER_REORDERED = 64;
  private static final int MIN_MAP = 1 << 6;
  private static final int MAX_MAP = 1 << 12;

  private final int threshold;
  // Holes: bit q & (holeBits - 1) is set while number q in [holeBase, nextExpected) is missing;
  // every other bit is clear.
  private int holeBits = MIN_HOLE_BITS;
  private long[] holes = new long[MIN_HOLE_BITS / 64];
  private long holeBase;
  // Below this, holes were forgotten for want of room: arrivals there cannot be told apart.
  private long forgottenBelow;
  // The last MAX_N numbers that arrived, newest first.
  private final long[] recent;
  // Breakpoints in runs: run r stands for the breakpoints (runArrival + i, runMax + i) for i below
  // runLength, where the maximum rose by one with each arrival (an in-order stretch).
  private long[] runArrival = new long[MIN_RUNS];
  private long[] runMax = new long[MIN_RUNS];
  private long[] runLength = new long[MIN_RUNS];
  private final long[] density;
  // firstAbove[q & (firstAbove.length - 1)]: the arrival index at which the running maximum first
  // exceeded q, for the last firstAbove.length numbers below NextExp - 1 (null until needed). A
  // reordered arrival then finds its extent's reference in one read instead of a search through
  // the breakpoints, whose branches a random arrival order defeats.
  private long[] firstAbove;
  private final boolean useMap;
  private int breakpointHead;
  private int breakpointCount;
  private int recentCount;

  private long nextExpected;
  private long received;
  private long duplicates;
  private long reordered;
  private long extentSum;
  private long maxExtent;
  private final long[] nReordered;

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
    this(threshold, true);
  }

  /**
   * Builds a meter, with or without the direct map of recent extents (the same answers; tests
   * compare the two).
   */
  ReorderingMeter(int threshold, boolean useMap) {
    this.useMap = useMap;
    if (threshold < 1 || threshold > 1024) {
      throw new IllegalArgumentException(
          "displacement threshold must be 1..1024, got " + threshold);
    }
    this.threshold = threshold;
    this.density = new long[2 * threshold + 1];
    this.recent = new long[MAX_N];
    this.nReordered = new long[MAX_N + 1];
  }

  /** A copy of {@code other}'s whole state: the two go on independently. */
  private ReorderingMeter(ReorderingMeter other) {
    this.threshold = other.threshold;
    this.useMap = other.useMap;
    this.holeBits = other.holeBits;
    this.holes = other.holes.clone();
    this.holeBase = other.holeBase;
    this.forgottenBelow = other.forgottenBelow;
    this.recent = other.recent.clone();
    this.runArrival = other.runArrival.clone();
    this.runMax = other.runMax.clone();
    this.runLength = other.runLength.clone();
    this.density = other.density.clone();
    this.firstAbove = other.firstAbove == null ? null : other.firstAbove.clone();
    this.breakpointHead = other.breakpointHead;
    this.breakpointCount = other.breakpointCount;
    this.recentCount = other.recentCount;
    this.nextExpected = other.nextExpected;
    this.received = other.received;
    this.duplicates = other.duplicates;
    this.reordered = other.reordered;
    this.extentSum = other.extentSum;
    this.maxExtent = other.maxExtent;
    this.nReordered = other.nReordered.clone();
    this.lossCheckedUpTo = other.lossCheckedUpTo;
    this.declaredLost = other.declaredLost;
    this.lateAfterLoss = other.lateAfterLoss;
    this.beyondThreshold = other.beyondThreshold;
  }

  /**
   * Returns a meter in this one's state that goes on apart from it: fed the same numbers from here
   * on, both report what this one would.
   *
   * @return the copy
   */
  public ReorderingMeter copy() {
    return new ReorderingMeter(this);
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
    if (isDuplicate(sequence)) {
      duplicates++;
      return;
    }
    long arrivalIndex = received++;
    if (sequence >= nextExpected) {
      openHoles(nextExpected, sequence);
      if (firstAbove != null) {
        mapNewMaximum(arrivalIndex, sequence);
      }
      nextExpected = sequence + 1;
      addBreakpoint(arrivalIndex, sequence);
    } else {
      fillHole(sequence);
      reordered++;
      long extent = arrivalIndex - earliestArrivalAboveMapped(sequence);
      extentSum += extent;
      maxExtent = Math.max(maxExtent, extent);
      int degree = 0;
      for (int k = 0; k < recentCount; k++) {
        long previous = recent[k];
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
    // Three numbers: shifting costs less than a ring's modular arithmetic.
    System.arraycopy(recent, 0, recent, 1, MAX_N - 1);
    recent[0] = sequence;
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

  /** The maximum rose to {@code max} at this arrival: it now exceeds every number up to max - 1. */
  private void mapNewMaximum(long arrivalIndex, long max) {
    int mask = firstAbove.length - 1;
    // Only the last firstAbove.length numbers are kept; the old maximum (NextExp - 1) is the
    // first one this arrival exceeds.
    long from = Math.max(Math.max(0, nextExpected - 1), max - firstAbove.length);
    for (long q = from; q < max; q++) {
      firstAbove[(int) (q & mask)] = arrivalIndex;
    }
  }

  /** {@link #earliestArrivalAbove} through the direct map where it covers the number. */
  private long earliestArrivalAboveMapped(long sequence) {
    long distance = nextExpected - sequence;
    if (firstAbove != null && distance <= firstAbove.length) {
      return firstAbove[(int) (sequence & (firstAbove.length - 1))];
    }
    if (useMap && reordered >= MAP_AFTER_REORDERED && distance <= MAX_MAP) {
      buildMap(distance);
      return firstAbove[(int) (sequence & (firstAbove.length - 1))];
    }
    return earliestArrivalAbove(sequence);
  }

  /**
   * Makes (or widens) the direct map to span at least {@code span} numbers below NextExp, filled
   * from the breakpoints.
   */
  private void buildMap(long span) {
    int size = firstAbove == null ? MIN_MAP : firstAbove.length;
    while (size < span) {
      size *= 2;
    }
    long[] map = new long[size];
    long max = nextExpected - 1;
    for (long q = Math.max(0, max - size); q < max; q++) {
      map[(int) (q & (size - 1))] = earliestArrivalAbove(q);
    }
    firstAbove = map;
  }

  private long earliestArrivalAbove(long sequence) {
    // Breakpoints hold (arrival index, new maximum) each time the maximum rose; both only grow, so
    // the first breakpoint whose maximum exceeds the sequence gives the earliest such arrival.
    // Find the first run whose last maximum exceeds it, then the breakpoint inside the run.
    // A late packet is usually late by little, so gallop back from the newest run first: the
    // search costs the log of how far back the answer lies, in the cache-warm end of the ring.
    int high = breakpointCount - 1;
    int low = 0;
    for (int step = 1; high - step >= 0; step <<= 1) {
      int m = slot(high - step);
      if (runMax[m] + runLength[m] - 1 > sequence) {
        high -= step;
      } else {
        low = high - step + 1;
        break;
      }
    }
    while (low < high) {
      int mid = (low + high) >>> 1;
      int m = slot(mid);
      if (runMax[m] + runLength[m] - 1 > sequence) {
        high = mid;
      } else {
        low = mid + 1;
      }
    }
    int r = slot(low);
    return runMax[r] > sequence ? runArrival[r] : runArrival[r] + (sequence + 1 - runMax[r]);
  }

  private int slot(int logical) {
    return (breakpointHead + logical) & (runArrival.length - 1);
  }

  private void addBreakpoint(long arrivalIndex, long max) {
    if (breakpointCount > 0) {
      int last = slot(breakpointCount - 1);
      if (runArrival[last] + runLength[last] == arrivalIndex
          && runMax[last] + runLength[last] == max) {
        runLength[last]++;
        return;
      }
    }
    if (breakpointCount == runArrival.length) {
      if (breakpointCount < MAX_RUNS) {
        growRuns();
      } else {
        breakpointHead = (breakpointHead + 1) & (runArrival.length - 1);
        breakpointCount--;
      }
    }
    int s = slot(breakpointCount);
    runArrival[s] = arrivalIndex;
    runMax[s] = max;
    runLength[s] = 1;
    breakpointCount++;
  }

  private void growRuns() {
    int capacity = runArrival.length * 2;
    // The ring unrolled into its two contiguous pieces: this runs rarely, so mostly interpreted.
    runArrival = unrolled(runArrival, capacity);
    runMax = unrolled(runMax, capacity);
    runLength = unrolled(runLength, capacity);
    breakpointHead = 0;
  }

  /**
   * The ring's {@code breakpointCount} entries from {@code breakpointHead}, in order, in a larger
   * array.
   */
  private long[] unrolled(long[] ring, int capacity) {
    long[] out = new long[capacity];
    int first = Math.min(breakpointCount, ring.length - breakpointHead);
    System.arraycopy(ring, breakpointHead, out, 0, first);
    System.arraycopy(ring, 0, out, first, breakpointCount - first);
    return out;
  }

  private boolean isDuplicate(long sequence) {
    // Below NextExp, a number is new only while it is a hole; one older than the holes kept is
    // taken as new (it cannot be told apart).
    return sequence < nextExpected
        && sequence >= forgottenBelow
        && (sequence < holeBase || !isHole(sequence));
  }

  /** Whether a number below NextExp has arrived (or is too old to know: taken as arrived). */
  private boolean isSeen(long sequence) {
    return sequence < holeBase || !isHole(sequence);
  }

  private boolean isHole(long sequence) {
    int bit = (int) (sequence & (holeBits - 1));
    return (holes[bit >>> 6] & (1L << bit)) != 0;
  }

  private void setHole(long sequence, boolean missing) {
    int bit = (int) (sequence & (holeBits - 1));
    if (missing) {
      holes[bit >>> 6] |= 1L << bit;
    } else {
      holes[bit >>> 6] &= ~(1L << bit);
    }
  }

  /**
   * Number {@code to} arrived as the new maximum and NextExp was {@code from}: the numbers from
   * {@code from} up to {@code to} (exclusive) were skipped and are holes now.
   */
  private void openHoles(long from, long to) {
    if (holeBase == from && from == to) {
      // In order with nothing missing: nothing to remember.
      holeBase = to + 1;
      return;
    }
    // The map must tell every number from holeBase to `to` apart, `to` included.
    if (to + 1 - holeBase > holeBits) {
      widenHoles(to + 1 - holeBase);
    }
    if (to + 1 - holeBase > holeBits) {
      // Wider than the limit even so: forget the oldest holes.
      long newBase = to + 1 - holeBits;
      for (long q = holeBase; q < Math.min(newBase, from); q++) {
        setHole(q, false);
      }
      holeBase = newBase;
      forgottenBelow = newBase;
    }
    for (long q = Math.max(from, holeBase); q < to; q++) {
      setHole(q, true);
    }
    advanceHoleBase(to + 1);
  }

  private void fillHole(long sequence) {
    if (sequence >= holeBase) {
      setHole(sequence, false);
      advanceHoleBase(nextExpected);
    }
  }

  /** Moves the base past numbers that are no longer holes; with none left it reaches NextExp. */
  private void advanceHoleBase(long limit) {
    // A word at a time: bits for numbers from NextExp on are clear, and the map spans every
    // number from holeBase to NextExp, so the scan never reads a bit of another number.
    while (holeBase < limit) {
      int bit = (int) (holeBase & (holeBits - 1));
      long word = holes[bit >>> 6] >>> (bit & 63);
      if (word != 0) {
        holeBase = Math.min(limit, holeBase + Long.numberOfTrailingZeros(word));
        return;
      }
      holeBase += 64 - (bit & 63);
    }
    holeBase = limit;
  }

  private void widenHoles(long span) {
    int bits = holeBits;
    while (bits < MAX_HOLE_BITS && bits < span) {
      bits *= 2;
    }
    if (bits == holeBits) {
      return;
    }
    long[] wider = new long[bits / 64];
    for (long q = holeBase; q < nextExpected; q++) {
      if (isHole(q)) {
        int bit = (int) (q & (bits - 1));
        wider[bit >>> 6] |= 1L << bit;
      }
    }
    holes = wider;
    holeBits = bits;
  }

  /**
   * Returns the bytes this meter's arrays take: what one flow costs.
   *
   * @return bytes of array payload (headers not counted)
   */
  public long footprintBytes() {
    return 8L
        * ((firstAbove == null ? 0 : firstAbove.length)
            + holes.length
            + runArrival.length
            + runMax.length
            + runLength.length
            + density.length
            + recent.length);
  }

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
