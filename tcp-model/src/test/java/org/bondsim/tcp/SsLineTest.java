package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ss -ti's number formats: C's %g and sprint_bw. */
class SsLineTest {
  @Test
  void gKeepsSixSignificantDigitsAndDropsTrailingZeros() {
    assertThat(SsLine.g(0.208)).isEqualTo("0.208");
    assertThat(SsLine.g(201.0)).isEqualTo("201");
    assertThat(SsLine.g(0.05)).isEqualTo("0.05");
    assertThat(SsLine.g(1234.5678)).isEqualTo("1234.57");
    assertThat(SsLine.g(0.0)).isEqualTo("0");
    assertThat(SsLine.g(0.00001)).isEqualTo("1e-05");
    assertThat(SsLine.g(120000.0)).isEqualTo("120000");
    assertThat(SsLine.g(1234567.0)).isEqualTo("1.23457e+06");
    assertThat(SsLine.g(999999.5)).isEqualTo("1e+06");
  }

  @Test
  void bandwidthIsSprintBw() {
    assertThat(SsLine.bandwidth(2_804_512_345.0)).isEqualTo("2804.5M");
    assertThat(SsLine.bandwidth(12_345.0)).isEqualTo("12.3K");
    assertThat(SsLine.bandwidth(999.0)).isEqualTo("999");
  }

  @Test
  void zeroFieldsAreLeftOutAsIproute2Does() {
    String line =
        new SsLine()
            .flag(true, "ts")
            .flag(false, "sack")
            .word("cubic")
            .count("backoff", 0)
            .millis("rto", 201)
            .count("lost", 0)
            .count("unacked", 3)
            .toString();
    assertThat(line).isEqualTo("ts cubic rto:201 unacked:3");
  }
}
