package org.bondsim.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * {@link ReceiveMeters} reports what two meters fed apart report: one fed every wire arrival, one
 * every number TCP takes. The receive path between them keeps the wire order for a while and then,
 * per flow, may start to hold numbers back (NAPI interleaving), drop them or take one twice; TCP's
 * input may start being measured part-way; both sums are read at random moments, which must not
 * disturb what follows.
 */
class ReceiveMetersPropertiesTest {
  @Property(tries = 60)
  void sameFiguresAsTwoMetersFedApart(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 1, max = 4) int flowCount,
      @ForAll @IntRange(min = 0, max = 3000) int inOrderUntil,
      @ForAll @IntRange(min = 0, max = 500) int stackFrom,
      @ForAll @IntRange(min = 1, max = 16) int threshold) {
    SplittableRandom random = new SplittableRandom(seed);
    ReceiveMeters meters = new ReceiveMeters(threshold);
    List<ReorderingMeter> wire = new ArrayList<>();
    List<ReorderingMeter> stack = new ArrayList<>();
    List<ArrayDeque<Long>> path = new ArrayList<>();
    long[] next = new long[flowCount];
    for (int f = 0; f < flowCount; f++) {
      wire.add(new ReorderingMeter(threshold));
      stack.add(null);
      path.add(new ArrayDeque<>());
    }
    boolean measuring = false;
    for (int step = 0; step < 4000; step++) {
      if (step == stackFrom) {
        meters.measureStackInput();
        measuring = true;
      }
      int f = random.nextInt(flowCount);
      // The wire: mostly the next number, sometimes one a little ahead of or behind it.
      long q = next[f]++;
      if (random.nextInt(8) == 0 && q > 2) {
        q -= random.nextInt(3);
      }
      meters.onWire(f, q);
      wire.get(f).onArrival(q);
      path.get(f).addLast(q);
      // The receive path hands TCP the oldest number, or after inOrderUntil, now and then a later
      // one first, a copy of one, or nothing for a lost one.
      ArrayDeque<Long> queue = path.get(f);
      while (!queue.isEmpty() && random.nextInt(3) != 0) {
        long taken;
        boolean disorder = step > inOrderUntil;
        if (disorder && queue.size() > 1 && random.nextInt(10) == 0) {
          taken = queue.removeLast();
        } else if (disorder && random.nextInt(40) == 0) {
          queue.removeFirst(); // dropped in the receive path
          continue;
        } else {
          taken = queue.removeFirst();
        }
        int times = disorder && random.nextInt(50) == 0 ? 2 : 1;
        for (int t = 0; t < times && measuring; t++) {
          meters.onStack(f, taken);
          if (stack.get(f) == null) {
            stack.set(f, new ReorderingMeter(threshold));
          }
          stack.get(f).onArrival(taken);
        }
      }
      if (random.nextInt(500) == 0) {
        assertThat(meters.wire()).isEqualTo(sum(wire, threshold));
        assertThat(meters.stack()).isEqualTo(sum(stack, threshold));
      }
    }
    assertThat(meters.wire()).isEqualTo(sum(wire, threshold));
    assertThat(meters.stack()).isEqualTo(sum(stack, threshold));
  }

  @Test
  void aPairKeptInOrderReportsTheSameOnBothSides() {
    ReceiveMeters meters = new ReceiveMeters(8);
    meters.measureStackInput();
    long[] order = {0, 2, 1, 3, 5, 4, 6};
    for (long q : order) {
      meters.onWire(0, q);
    }
    // TCP has taken none yet: the wire has seen all seven, TCP nothing.
    assertThat(meters.wire().received()).isEqualTo(7);
    assertThat(meters.wire().reordered()).isEqualTo(2);
    assertThat(meters.stack().received()).isZero();
    for (long q : order) {
      meters.onStack(0, q);
    }
    assertThat(meters.stack()).isEqualTo(meters.wire());
  }

  @Test
  void tcpTakingANumberOutOfWireOrderSplitsThePair() {
    ReceiveMeters meters = new ReceiveMeters(8);
    meters.measureStackInput();
    for (long q = 0; q < 4; q++) {
      meters.onWire(0, q);
    }
    meters.onStack(0, 0);
    meters.onStack(0, 2); // NAPI polled another NIC first
    meters.onStack(0, 1);
    meters.onStack(0, 3);
    assertThat(meters.wire().reordered()).isZero();
    assertThat(meters.stack().reordered()).isEqualTo(1);
    assertThat(meters.stack().received()).isEqualTo(4);
  }

  @Test
  void framesThatNeverReachTcpDoNotPileUp() {
    ReceiveMeters meters = new ReceiveMeters(8);
    meters.measureStackInput();
    ReorderingMeter wire = new ReorderingMeter(8);
    ReorderingMeter stack = new ReorderingMeter(8);
    meters.onWire(0, 0);
    wire.onArrival(0);
    meters.onStack(0, 0);
    stack.onArrival(0);
    // A million wire arrivals TCP never takes (its input sees nothing more of the flow).
    for (long q = 1; q <= 1_000_000; q++) {
      meters.onWire(0, q);
      wire.onArrival(q);
    }
    assertThat(meters.pendingFrames()).isLessThanOrEqualTo(4096);
    assertThat(meters.wire()).isEqualTo(wire.snapshot());
    assertThat(meters.stack()).isEqualTo(stack.snapshot());
    meters.onStack(0, 7);
    stack.onArrival(7);
    assertThat(meters.stack()).isEqualTo(stack.snapshot());
  }

  private static ReorderingStats sum(List<ReorderingMeter> meters, int threshold) {
    ReorderingStats sum = ReorderingStats.empty(threshold);
    for (ReorderingMeter m : meters) {
      if (m != null) {
        sum = sum.plus(m.snapshot());
      }
    }
    return sum;
  }
}
