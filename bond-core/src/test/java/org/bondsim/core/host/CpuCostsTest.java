package org.bondsim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CpuCostsTest {
  @Test
  void theReferenceProfileIsTheGenericOneTimesTheFittedFactor() {
    assertThat(CpuCosts.REFERENCE_BASE.perOperationScaled(CpuCosts.REFERENCE_2_6_37_FACTOR))
        .isEqualTo(CpuCosts.REFERENCE_2_6_37);
    assertThat(CpuCosts.profile("reference-2.6.37")).isSameAs(CpuCosts.REFERENCE_2_6_37);
    assertThat(CpuCosts.profile("none").any()).isFalse();
  }

  @Test
  void aFittedFactorScalesEachOperationButNotTheCopies() {
    CpuCosts base = new CpuCosts(300, 1200, 0.25, 700, 200, 1000, 0.3, 400, 500, 600, 70, 80, 90);
    CpuCosts scaled = base.perOperationScaled(2);
    assertThat(scaled)
        .isEqualTo(
            new CpuCosts(600, 2400, 0.25, 1400, 400, 2000, 0.3, 800, 1000, 1200, 140, 160, 180));
    // scaled() is the factor on everything, copies included.
    assertThat(base.scaled(2).perByteNs()).isEqualTo(0.5);
    assertThat(base.scaled(2).perByteSentNs()).isEqualTo(0.6);
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
  void theLaterFiguresParseAndPrintBack() {
    CpuCosts costs =
        CpuCosts.parse(
            "frame 1 up 2 byte 0.5 ack 3 sack 4 tx 5 copy 0.25 gso 300 irq 1000 poll 200 sacktag 40");
    assertThat(costs)
        .isEqualTo(new CpuCosts(1, 2, 0.5, 3, 4, 5, 0.25, 300, 1000, 200, 40))
        .isEqualTo(CpuCosts.parse(costs.words()));
    // The first model's six words alone print as before: the later figures are 0.
    assertThat(CpuCosts.GENERIC_2010.words())
        .isEqualTo("frame 300 up 1200 byte 0.25 ack 700 sack 200 tx 1000");
    assertThat(costs.scaled(2).words())
        .isEqualTo(
            "frame 2 up 4 byte 1.0 ack 6 sack 8 tx 10 copy 0.5 gso 600 irq 2000 poll 400 sacktag 80");
  }

  @Test
  void theReadersFiguresParseScaleAndPrintBack() {
    CpuCosts costs = CpuCosts.parse("frame 1 up 2 byte 0.5 ack 3 sack 4 tx 5 tcp 600 wakeup 2000");
    assertThat(costs.perTcpSegmentNs()).isEqualTo(600);
    assertThat(costs.perWakeupNs()).isEqualTo(2000);
    assertThat(CpuCosts.parse(costs.words())).isEqualTo(costs);
    assertThat(costs.scaled(2).words())
        .isEqualTo("frame 2 up 4 byte 1.0 ack 6 sack 8 tx 10 tcp 1200 wakeup 4000");
    assertThat(CpuCosts.parse("tcp 1", CpuCosts.NONE).any()).isTrue();
  }

  /**
   * A packet sent costs its per-packet work, the copy of its payload, and software GSO's work per
   * segment when it is cut in software.
   */
  @Test
  void transmitCostCountsThePacketItsBytesAndItsSoftwareSegments() {
    CpuCosts costs = CpuCosts.parse("tx 1000 copy 0.5 gso 300", CpuCosts.NONE);
    assertThat(costs.chargesTransmit()).isTrue();
    assertThat(costs.transmitNs(1448, 0)).isEqualTo(1000 + 724);
    assertThat(costs.transmitNs(14480, 10)).isEqualTo(1000 + 7240 + 3000);
    assertThat(costs.transmitNs(0, 0)).isEqualTo(1000);
    assertThat(CpuCosts.parse("irq 100 poll 50", CpuCosts.NONE).chargesTransmit()).isFalse();
    assertThatThrownBy(() -> CpuCosts.parse("copy -1"))
        .hasMessageStartingWith("cpu cost copy must be a number of ns from 0 to 1000000");
  }

  @Test
  void anUnknownProfileNamesTheKnownOnes() {
    assertThatThrownBy(() -> CpuCosts.profile("xeon"))
        .hasMessage("cost profile must be one of generic-2010, none, reference-2.6.37, got 'xeon'");
  }

  @Test
  void aVariantStatesOnlyWhatDiffersAndTheBuilderChecksAsTheRecordDoes() {
    assertThat(CpuCosts.REFERENCE_BASE)
        .isEqualTo(CpuCosts.GENERIC_2010.toBuilder().perByteSentNs(0.25).build());
    assertThat(CpuCosts.REFERENCE_BASE.perByteSentNs()).isEqualTo(0.25);
    assertThat(CpuCosts.REFERENCE_BASE.perFrameNs()).isEqualTo(300);
    assertThat(CpuCosts.builder().build()).isEqualTo(CpuCosts.NONE);
    assertThatThrownBy(() -> CpuCosts.builder().perAckNs(-1).build())
        .hasMessageStartingWith("perAckNs");
  }
}
