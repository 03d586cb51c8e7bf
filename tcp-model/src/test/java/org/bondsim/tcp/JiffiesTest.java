package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class JiffiesTest {
  @Test
  void usecsToJiffiesRoundsUp() {
    Jiffies hz250 = new Jiffies(250);
    assertThat(hz250.ticks(25_000_000L)).isEqualTo(7); // 6.25 ticks of 4 ms
    assertThat(hz250.ticks(27_000_000L)).isEqualTo(7);
    assertThat(hz250.ticks(28_000_000L)).isEqualTo(7);
    assertThat(hz250.ticks(28_000_001L)).isEqualTo(8);
    assertThat(hz250.ticks(1)).isEqualTo(1);
    assertThat(hz250.ticks(0)).isZero();
    assertThat(hz250.roundUp(200_100_000L)).isEqualTo(204_000_000L);
    assertThat(new Jiffies(1000).roundUp(200_100_000L)).isEqualTo(201_000_000L);
  }

  @Test
  void aTimerFiresOnTheTickCountedFromTheCurrentOne() {
    Jiffies hz1000 = new Jiffies(1000);
    // Armed 1.5 ms into the run for 2 ticks: jiffies is 1, so it fires at tick 3.
    assertThat(hz1000.fireAt(1_500_000L, 2)).isEqualTo(3_000_000L);
    assertThat(hz1000.fireAfter(1_500_000L, 2_000_000L)).isEqualTo(3_000_000L);
    // Armed on a tick, it waits the whole rounded time.
    assertThat(hz1000.fireAfter(2_000_000L, 2_000_001L)).isEqualTo(5_000_000L);
  }

  @Test
  void hz300TicksAreAThirdOfTenMilliseconds() {
    Jiffies hz300 = new Jiffies(300);
    assertThat(hz300.nanos(1)).isEqualTo(3_333_334L);
    assertThat(hz300.nanos(3)).isEqualTo(10_000_000L);
    assertThat(hz300.ticks(10_000_000L)).isEqualTo(3);
  }

  @Test
  void onlyTheKconfigValuesAreAllowed() {
    assertThatThrownBy(() -> new Jiffies(200))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("CONFIG_HZ must be 100, 250, 300 or 1000, got 200");
  }

  @Property
  void aTimerNeverFiresLaterThanTheRoundedWaitNorATickSoonerThanIt(
      @ForAll @LongRange(min = 0, max = 100_000_000_000L) long now,
      @ForAll @LongRange(min = 1, max = 10_000_000_000L) long wait) {
    for (int hz : Jiffies.ALLOWED) {
      Jiffies jiffies = new Jiffies(hz);
      long fires = jiffies.fireAfter(now, wait);
      long rounded = jiffies.roundUp(wait);
      assertThat(fires).isLessThanOrEqualTo(now + rounded);
      assertThat(fires).isGreaterThan(now + rounded - jiffies.nanos(1) - 1);
    }
  }
}
