package org.bondsim.core.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NetemParseTest {
  @ParameterizedTest(name = "delay {0} = {1} ns")
  @CsvSource({
    "100, 100000",
    "100us, 100000",
    "100usec, 100000",
    "2ms, 2000000",
    "2msecs, 2000000",
    "1.5s, 1500000000",
    "1sec, 1000000000",
    "250ns, 250",
    "1e3, 1000000",
  })
  void timesReadAsTcReadsThemWithBareNumbersInMicroseconds(String text, long ns) {
    assertThat(Netem.parse("delay " + text).delayNs()).isEqualTo(ns);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e10", "10d", "0x1p3ms", "NaN", "Infinity", "-5", "11s", "fast"})
  void otherTimesAreRefusedByName(String text) {
    assertThatThrownBy(() -> Netem.parse("delay " + text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("netem delay must be a time from 0 to 10s")
        .hasMessageContaining("got '" + text + "'");
  }

  @Test
  void jitterFollowsTheDelayAndLossTakesPercent() {
    Netem netem = Netem.parse("delay 100us 20 loss 0.1% duplicate 1");
    assertThat(netem.jitterNs()).isEqualTo(20_000);
    assertThat(netem.lossProbability()).isEqualTo(0.001);
    assertThat(netem.duplicateProbability()).isEqualTo(0.01);
    assertThatThrownBy(() -> Netem.parse("loss 1e1000%"))
        .hasMessage("netem loss must be 0%..100%, got '1e1000%'");
  }
}
