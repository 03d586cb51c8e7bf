package org.bondsim.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A meter keeps what its flow needs: little for an in-order flow, more only when it must. */
class ReorderingMeterMemoryTest {
  @Test
  void anInOrderFlowStaysAroundOneKilobyte() {
    ReorderingMeter meter = new ReorderingMeter(8);
    for (long q = 0; q < 1_000_000; q++) {
      meter.onArrival(q);
    }
    assertThat(meter.footprintBytes()).isLessThan(1024);
    assertThat(meter.snapshot().reordered()).isZero();
  }

  @Test
  void aVeryLateArrivalWidensTheWindowAndIsStillReorderedNotDuplicate() {
    ReorderingMeter meter = new ReorderingMeter(8);
    for (long q = 1; q <= 5000; q++) {
      meter.onArrival(q);
    }
    meter.onArrival(0); // 5000 numbers late: beyond the first 1024-number window
    meter.onArrival(0); // and now a duplicate
    meter.onArrival(2500); // a duplicate from far back, remembered across the widening
    ReorderingStats stats = meter.snapshot();
    assertThat(stats.reordered()).isEqualTo(1);
    assertThat(stats.maxExtent()).isEqualTo(5000);
    assertThat(stats.duplicates()).isEqualTo(2);
    // Nothing is missing any more, so nothing had to be widened.
    assertThat(meter.footprintBytes()).isLessThan(2048);
  }

  @Test
  void aSlowBroadcastCopyFarBehindIsADuplicate() {
    // broadcast over a fast and a slow slave: the slow copies arrive thousands of numbers late.
    ReorderingMeter meter = new ReorderingMeter(8);
    for (long q = 0; q < 100_000; q++) {
      meter.onArrival(q);
      if (q >= 5000) {
        meter.onArrival(q - 5000);
      }
    }
    assertThat(meter.snapshot().duplicates()).isEqualTo(95_000);
    assertThat(meter.snapshot().reordered()).isZero();
  }

  @Test
  void holesWidenTheMapOnlyWhileTheyAreOpen() {
    ReorderingMeter meter = new ReorderingMeter(8);
    meter.onArrival(0);
    meter.onArrival(100_000); // 99 999 holes
    long open = meter.footprintBytes();
    for (long q = 1; q < 100_000; q++) {
      meter.onArrival(q);
    }
    assertThat(open).isGreaterThan(12_000);
    assertThat(meter.snapshot().reordered()).isEqualTo(99_999);
    assertThat(meter.snapshot().duplicates()).isZero();
    meter.onArrival(50_000);
    assertThat(meter.snapshot().duplicates()).isEqualTo(1);
  }

  @Test
  void aJumpAheadIsCountedAsLossByTheDensityNotAsSeen() {
    ReorderingMeter meter = new ReorderingMeter(8);
    meter.onArrival(0);
    meter.onArrival(3000); // 2999 numbers never arrive
    for (long q = 3001; q < 3100; q++) {
      meter.onArrival(q);
    }
    meter.onArrival(1500); // arrives after it was declared lost: late beyond DT
    ReorderingStats stats = meter.snapshot();
    assertThat(stats.duplicates()).isZero();
    assertThat(stats.reordered()).isEqualTo(1);
    assertThat(stats.beyondThreshold()).isEqualTo(1);
  }
}
