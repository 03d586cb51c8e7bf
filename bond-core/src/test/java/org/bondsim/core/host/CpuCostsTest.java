package org.bondsim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CpuCostsTest {
  @Test
  void theReferenceProfileIsTheGenericOneTimesTheFittedFactor() {
    assertThat(CpuCosts.GENERIC_2010.scaled(4.107)).isEqualTo(CpuCosts.REFERENCE_2_6_37);
    assertThat(CpuCosts.profile("reference-2.6.37")).isSameAs(CpuCosts.REFERENCE_2_6_37);
    assertThat(CpuCosts.profile("none").any()).isFalse();
  }

  @Test
  void wordsReplaceOnlyTheFiguresTheyName() {
    CpuCosts costs = CpuCosts.parse("ack 5000 byte 0.5", CpuCosts.GENERIC_2010);
    assertThat(costs)
        .isEqualTo(new CpuCosts(300, 1200, 0.5, 5000, 200, 1000))
        .isEqualTo(CpuCosts.parse("frame 300 up 1200 byte 0.5 ack 5000 sack 200 tx 1000"));
  }

  @Test
  void figuresOutsideTheirRangeAreRefusedByName() {
    assertThatThrownBy(() -> CpuCosts.parse("frame 1e12"))
        .hasMessage("cpu cost frame must be a number of ns from 0 to 1000000000, got '1e12'");
    assertThatThrownBy(() -> CpuCosts.parse("byte Infinity"))
        .hasMessageStartingWith("cpu cost byte must be a number");
    assertThatThrownBy(() -> new CpuCosts(0, 0, Double.NaN, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("perByteNs must be");
    assertThatThrownBy(() -> new CpuCosts(-1, 0, 0, 0, 0, 0)).hasMessageStartingWith("perFrameNs");
  }

  @Test
  void anUnknownProfileNamesTheKnownOnes() {
    assertThatThrownBy(() -> CpuCosts.profile("xeon"))
        .hasMessage("cost profile must be one of generic-2010, none, reference-2.6.37, got 'xeon'");
  }
}
