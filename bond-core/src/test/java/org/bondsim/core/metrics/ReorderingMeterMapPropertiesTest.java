package org.bondsim.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The direct map of recent extents gives what the breakpoint search gives: long, sprayed arrival
 * orders (each packet late by a random queue, as over several links), with far jumps, repeats and
 * losses, so the map is built, widened past its first size, and skipped for what it cannot hold.
 */
class ReorderingMeterMapPropertiesTest {
  @Property(tries = 40)
  void theMapChangesNoFigure(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 2, max = 3000) int maxDelay,
      @ForAll @IntRange(min = 1, max = 16) int threshold) {
    SplittableRandom random = new SplittableRandom(seed);
    int n = 6000;
    long[] keys = new long[n];
    for (int i = 0; i < n; i++) {
      // A rare packet is far later than the queues make the rest: the map must fall back.
      int delay = random.nextInt(200) == 0 ? 6000 : random.nextInt(maxDelay);
      keys[i] = ((long) (i + delay) << 20) | i;
    }
    Arrays.sort(keys);
    ReorderingMeter mapped = new ReorderingMeter(threshold, true);
    ReorderingMeter searched = new ReorderingMeter(threshold, false);
    for (long key : keys) {
      long q = key & ((1 << 20) - 1);
      if (random.nextInt(50) == 0) {
        continue; // lost
      }
      mapped.onArrival(q);
      searched.onArrival(q);
      if (random.nextInt(100) == 0) {
        mapped.onArrival(q); // a repeat
        searched.onArrival(q);
      }
    }
    ReorderingStats a = mapped.snapshot();
    ReorderingStats b = searched.snapshot();
    assertThat(a.reordered()).isEqualTo(b.reordered());
    assertThat(a.extentSum()).isEqualTo(b.extentSum());
    assertThat(a.maxExtent()).isEqualTo(b.maxExtent());
    assertThat(a.duplicates()).isEqualTo(b.duplicates());
    assertThat(a.nReordered()).isEqualTo(b.nReordered());
    assertThat(a.density()).isEqualTo(b.density());
    assertThat(a.beyondThreshold()).isEqualTo(b.beyondThreshold());
    if (a.reordered() >= 64 && maxDelay > 100) {
      // The map was built: it shows in the footprint, within its 32 KB bound.
      assertThat(mapped.footprintBytes()).isGreaterThan(searched.footprintBytes());
      assertThat(mapped.footprintBytes() - searched.footprintBytes()).isLessThanOrEqualTo(32_768);
    }
  }
}
