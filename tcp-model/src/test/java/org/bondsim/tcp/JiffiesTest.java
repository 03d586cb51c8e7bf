package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
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

  @Test
  void theNonCascadingWheelRunsAShortTimerOneTickAfterItsExpiry() {
    Jiffies hz100 = new Jiffies(100, TimerWheel.NON_CASCADING);
    // A loss probe of 2 ticks armed 4 ms into tick 0: expiry tick 2, run on tick 3 (30 ms), where
    // the cascading wheel runs it at 20 ms.
    assertThat(hz100.fireAt(4_000_000L, 2)).isEqualTo(30_000_000L);
    assertThat(new Jiffies(100).fireAt(4_000_000L, 2)).isEqualTo(20_000_000L);
    // 62 ticks is still the first level: one tick late.
    assertThat(hz100.fireAt(0, 62)).isEqualTo(630_000_000L);
  }

  @Test
  void aLongerTimerRunsOnTheNextGranuleOfItsLevel() {
    Jiffies hz1000 = new Jiffies(1000, TimerWheel.NON_CASCADING);
    // A 200 ms RTO armed in tick 5: expiry 205, second level (8 ticks), run on tick 208.
    assertThat(hz1000.fireAt(5_500_000L, 200)).isEqualTo(208_000_000L);
    // Expiry 208, a multiple of 8, still runs a granule on: tick 216.
    assertThat(hz1000.fireAt(8_000_000L, 200)).isEqualTo(216_000_000L);
    // 600 ticks is the third level (64 ticks): expiry 600 runs on tick 640.
    assertThat(hz1000.fireAt(0, 600)).isEqualTo(640_000_000L);
  }

  @Test
  void theSettingNamesTheWheel() {
    assertThat(TimerWheel.of("non-cascading")).isEqualTo(TimerWheel.NON_CASCADING);
    assertThat(TimerWheel.of("cascading")).isEqualTo(TimerWheel.CASCADING);
    assertThatThrownBy(() -> TimerWheel.of("4.8"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "bondsim.timer_wheel must be kernel (the kernel profile's wheel), cascading or"
                + " non-cascading, got '4.8'");
  }

  @Test
  void eachKernelRunsItsOwnWheelUnlessTheSettingNamesAnother() {
    Map<String, TimerWheel> wheels =
        Map.of(
            "6.x", TimerWheel.NON_CASCADING,
            "6.1", TimerWheel.NON_CASCADING,
            "3.16", TimerWheel.CASCADING,
            "2.6.37", TimerWheel.CASCADING);
    wheels.forEach(
        (kernel, wheel) -> {
          Map<String, String> plain = Map.of("bondsim.kernel", kernel);
          assertThat(TcpSettings.of(new ManualContext(1500, plain)).jiffies().wheel())
              .isEqualTo(wheel);
        });
    Map<String, String> cascading = Map.of("bondsim.hz", "100", "bondsim.timer_wheel", "cascading");
    assertThat(TcpSettings.of(new ManualContext(1500, cascading)).jiffies())
        .isEqualTo(new Jiffies(100, TimerWheel.CASCADING));
    Map<String, String> nonCascading =
        Map.of("bondsim.kernel", "3.16", "bondsim.timer_wheel", "non-cascading");
    assertThat(TcpSettings.of(new ManualContext(1500, nonCascading)).jiffies().wheel())
        .isEqualTo(TimerWheel.NON_CASCADING);
    Map<String, String> unknown = Map.of("bondsim.timer_wheel", "4.8");
    assertThatThrownBy(() -> TcpSettings.of(new ManualContext(1500, unknown)))
        .hasMessageStartingWith("bondsim.timer_wheel must be kernel");
  }

  @Property
  void theNonCascadingWheelNeverRunsATimerBeforeItsExpiryNorMoreThanAGranuleAfter(
      @ForAll @LongRange(min = 0, max = 100_000_000_000L) long now,
      @ForAll @LongRange(min = 0, max = 1_000_000L) long ticks) {
    for (int hz : Jiffies.ALLOWED) {
      Jiffies jiffies = new Jiffies(hz, TimerWheel.NON_CASCADING);
      long clk = jiffies.tick(now);
      long runs = TimerWheel.NON_CASCADING.runTick(clk, clk + ticks);
      // The granule of the level a wait of this length is filed in: 8 times per level past 63.
      long granule = 1;
      for (long start = 63; ticks >= start; start <<= 3) {
        granule <<= 3;
      }
      assertThat(runs).isGreaterThan(clk + ticks);
      assertThat(runs).isLessThanOrEqualTo(clk + ticks + granule);
      assertThat(runs % granule).isZero();
    }
  }
}
