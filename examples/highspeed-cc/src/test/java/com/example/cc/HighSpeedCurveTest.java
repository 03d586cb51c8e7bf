package com.example.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The response function at the points RFC 3649 names. */
class HighSpeedCurveTest {
  @Test
  void renoUpToLowWindowAndTheHighDecreaseAtHighWindow() {
    assertThat(HighSpeed.increase(38)).isEqualTo(1);
    assertThat(HighSpeed.decrease(38)).isEqualTo(0.5);
    assertThat(HighSpeed.decrease(83_000)).isCloseTo(0.1, within(1e-9));
    // RFC 3649, section 5: at w = 83000, a(w) is about 72 packets per round trip.
    assertThat(HighSpeed.increase(83_000)).isCloseTo(72, within(2.0));
  }

  @Test
  void aboveLowWindowItGrowsFasterAndBacksOffLessThanReno() {
    for (int w : new int[] {100, 1000, 10_000}) {
      assertThat(HighSpeed.increase(w)).isGreaterThan(1);
      assertThat(HighSpeed.decrease(w)).isBetween(0.1, 0.5);
    }
    assertThat(HighSpeed.increase(10_000)).isGreaterThan(HighSpeed.increase(1000));
    assertThat(HighSpeed.decrease(10_000)).isLessThan(HighSpeed.decrease(1000));
  }
}
