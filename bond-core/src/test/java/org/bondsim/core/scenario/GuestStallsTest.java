package org.bondsim.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.bondsim.api.option.OptionException;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.engine.Stalls;
import org.junit.jupiter.api.Test;

class GuestStallsTest {
  @Test
  void aRateOutsideZeroToAHundredIsRefusedByName() {
    assertThatThrownBy(() -> new GuestStalls(-1))
        .isInstanceOf(OptionException.class)
        .hasMessage("guest stalls must be 0..100 per second, got -1.0");
    assertThatThrownBy(() -> new GuestStalls(Double.NaN)).isInstanceOf(OptionException.class);
    assertThatThrownBy(() -> GuestStalls.NONE.schedule(new SeededRandom(1)))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void lengthsSpanTheMeasuredQuantiles() {
    assertThat(GuestStalls.lengthNs(0)).isEqualTo(1_000_000);
    assertThat(GuestStalls.lengthNs(0.5)).isEqualTo(2_820_000);
    assertThat(GuestStalls.lengthNs(0.525)).isEqualTo(2_885_000);
    assertThat(GuestStalls.lengthNs(Math.nextDown(1.0))).isEqualTo(12_240_000);
  }

  @Test
  void theSameStreamGivesTheSameStalls() {
    Stalls a = new GuestStalls(5).schedule(new SeededRandom(7));
    Stalls b = new GuestStalls(5).schedule(new SeededRandom(7));
    for (long t = 0; t < 2_000_000_000L; t += 100_000) {
      assertThat(a.resume(t)).isEqualTo(b.resume(t));
    }
  }

  @Property(tries = 20)
  void overAMinuteTheyStartAboutAsOftenAsAskedAndTakeTheirShareOfTime(
      @ForAll @DoubleRange(min = 2, max = 20) double perSecond, @ForAll long seed) {
    Stalls stalls = new GuestStalls(perSecond).schedule(new SeededRandom(seed));
    long step = 100_000;
    long stalled = 0;
    int starts = 0;
    boolean inside = false;
    for (long t = 0; t < 60_000_000_000L; t += step) {
      boolean now = stalls.resume(t) != t;
      if (now) {
        stalled += step;
      }
      if (now && !inside) {
        starts++;
      }
      inside = now;
    }
    // Poisson: 60 s at 2/s gives 120 starts, sd 11; stalls are 1 to 12 ms, mean 3.2 ms.
    assertThat(starts).isBetween((int) (60 * perSecond * 0.6), (int) (60 * perSecond * 1.4));
    double share = stalled / 60e9;
    assertThat(share).isBetween(perSecond * 0.0032 * 0.5, perSecond * 0.0032 * 1.6);
  }
}
