package org.bondsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** e1000e's "dynamic conservative" interrupt moderation, step by step (2.6.37 netdev.c). */
class InterruptThrottleTest {
  @Test
  void bulkReceiveSettlesAtFourThousandInterruptsASecond() {
    InterruptThrottle throttle = new InterruptThrottle();
    assertThat(throttle.rate()).isEqualTo(20_000); // param.c: itr 3 starts at 20000
    // 12 full-size frames since the interrupt: over 10000 bytes and over 1200 bytes each.
    throttle.update(12, 12 * 1514, 6, 6 * 66);
    assertThat(throttle.rate()).isEqualTo(4_000);
    // The ITR register holds 10^9 / (4000 * 256) = 976 units of 256 ns.
    assertThat(throttle.intervalNs()).isEqualTo(976 * 256L);
  }

  @Test
  void aRiseIsTakenAQuarterOfTheNewRateAtATime() {
    InterruptThrottle throttle = new InterruptThrottle();
    throttle.update(12, 12 * 1514, 0, 0); // bulk: 4000
    // A trickle (under 6000 bytes) moves bulk to low latency: 20000, reached in steps of 5000.
    throttle.update(2, 200, 0, 0);
    assertThat(throttle.rate()).isEqualTo(9_000);
    throttle.update(2, 200, 0, 0);
    assertThat(throttle.rate()).isEqualTo(14_000);
    throttle.update(2, 200, 0, 0);
    throttle.update(2, 200, 0, 0);
    assertThat(throttle.rate()).isEqualTo(20_000);
  }

  @Test
  void conservativeModeNeverPicksLowestLatency() {
    // Two tiny packets would take low latency to lowest latency (70000/s); mode 3 forbids it.
    assertThat(InterruptThrottle.next(InterruptThrottle.LOW_LATENCY, 2, 120))
        .isEqualTo(InterruptThrottle.LOWEST_LATENCY);
    InterruptThrottle throttle = new InterruptThrottle();
    throttle.update(2, 120, 2, 120);
    assertThat(throttle.rate()).isEqualTo(20_000);
  }

  @Test
  void theBusierDirectionWins() {
    InterruptThrottle throttle = new InterruptThrottle();
    // The receiver of a bulk flow sends small ACKs but receives full frames: bulk wins.
    throttle.update(40, 40 * 1514, 20, 20 * 66);
    assertThat(throttle.rate()).isEqualTo(4_000);
  }
}
