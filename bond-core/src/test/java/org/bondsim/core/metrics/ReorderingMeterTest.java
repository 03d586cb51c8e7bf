package org.bondsim.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReorderingMeterTest {
  private static ReorderingStats measure(long... arrivals) {
    ReorderingMeter meter = new ReorderingMeter(8);
    for (long s : arrivals) {
      meter.onArrival(s);
    }
    return meter.snapshot();
  }

  @Test
  void inOrderStreamHasNoReordering() {
    ReorderingStats stats = measure(0, 1, 2, 3, 4);
    assertThat(stats.reordered()).isZero();
    assertThat(stats.reorderedRatio()).isZero();
    assertThat(stats.densityAt(0)).isEqualTo(1.0);
  }

  @Test
  void rfc4737ExtentAndNReordering() {
    // Arrivals 0 2 3 4 1 5: packet 1 arrives at index 4; the earliest arrival with a higher
    // number is 2 at index 1, so its extent is 3; the three arrivals before it (2, 3, 4) are all
    // higher, so it is 3-reordered (and 2- and 1-reordered).
    ReorderingStats stats = measure(0, 2, 3, 4, 1, 5);
    assertThat(stats.received()).isEqualTo(6);
    assertThat(stats.reordered()).isEqualTo(1);
    assertThat(stats.maxExtent()).isEqualTo(3);
    assertThat(stats.nReordered()).containsExactly(1, 1, 1);
    assertThat(stats.reorderedRatio()).isEqualTo(1.0 / 6);
  }

  @Test
  void nReorderingStopsAtTheFirstLowerPredecessor() {
    // Arrivals 0 1 4 2 3: packet 2 follows 4 but 1 comes before that, so it is 1-reordered only;
    // packet 3 is reordered (3 < NextExp 5) but follows 2, so it is not even 1-reordered.
    ReorderingStats stats = measure(0, 1, 4, 2, 3);
    assertThat(stats.reordered()).isEqualTo(2);
    assertThat(stats.nReordered()).containsExactly(1, 0, 0);
    assertThat(stats.maxExtent()).isEqualTo(2);
  }

  @Test
  void duplicatesAreCountedApartAndIgnored() {
    ReorderingStats stats = measure(0, 1, 1, 2, 0);
    assertThat(stats.received()).isEqualTo(3);
    assertThat(stats.duplicates()).isEqualTo(2);
    assertThat(stats.reordered()).isZero();
  }

  @Test
  void reorderDensityCountsDisplacements() {
    // Swapping neighbours: 1 arrives at index 0 (expected 1: D=-1), 0 at index 1 (D=+1).
    ReorderingStats stats = measure(1, 0, 3, 2);
    assertThat(stats.densityAt(-1)).isEqualTo(0.5);
    assertThat(stats.densityAt(1)).isEqualTo(0.5);
  }

  @Test
  void lossesBeyondTheThresholdDoNotDisplaceLaterPackets() {
    // Packet 1 never arrives; once 10 (> 1 + DT 8) has arrived it counts as lost and later
    // packets keep displacement 0.
    ReorderingMeter meter = new ReorderingMeter(8);
    meter.onArrival(0);
    for (long s = 2; s < 40; s++) {
      meter.onArrival(s);
    }
    ReorderingStats stats = meter.snapshot();
    assertThat(stats.reordered()).isZero();
    assertThat(stats.density()[8 + 0]).isGreaterThan(25);
  }
}
