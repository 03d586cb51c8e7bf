package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * 6.x's F-RTO ({@code tcp_process_loss}, RFC 5682) driven segment by segment: an RTO with ten
 * segments out and ten more waiting, then the ACKs that tell a spurious timeout from a real one. No
 * timestamps (so Eifel cannot undo first), no RACK, no loss probes.
 */
class FrtoTest {
  private static final int MSS = 1460;

  private static EndpointHarness afterAnRto(String frto) {
    EndpointHarness h = EndpointHarness.dupthreshSender(false, Map.of("net.ipv4.tcp_frto", frto));
    h.write(20L * MSS);
    assertThat(h.dataSequencesSince(0)).hasSize(10);
    h.advanceTo(300_000_000L);
    assertThat(h.counter("TcpExtTCPTimeouts")).isEqualTo(1);
    return h;
  }

  @Test
  void aSackOfDataSentBeforeTheTimeoutProvesItSpurious() {
    EndpointHarness h = afterAnRto("2");
    // Segment 5 was sent once, before the RTO: the ACK clock was only late (step 3.b).
    h.ack(0, 5 * MSS, 6 * MSS);
    assertThat(h.counter("TcpExtTCPLossUndo")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPSpuriousRTOs")).isEqualTo(1);
    assertThat(h.endpoint.describe()).contains(" cwnd:10 ");
  }

  @Test
  void theFirstAckSendsNewDataAndASackOfItProvesTheLossReal() {
    EndpointHarness h = afterAnRto("2");
    int mark = h.packetsSent();
    // The retransmitted head is ACKed: step 2.b sends new data (cwnd 2) instead of segments 1, 2.
    h.ack(MSS);
    assertThat(h.dataSequencesSince(mark)).containsExactly(10L * MSS, 11L * MSS);
    mark = h.packetsSent();
    // A duplicate ACK that SACKs the new data: the old segments were lost after all (step 3.a).
    h.ack(MSS, 10 * MSS, 11 * MSS);
    assertThat(h.dataSequencesSince(mark)).first().isEqualTo((long) MSS);
    assertThat(h.counter("TcpExtTCPSpuriousRTOs")).isZero();
    assertThat(h.counter("TcpExtTCPLossUndo")).isZero();
  }

  @Test
  void withoutFrtoTheFirstAckRetransmits() {
    EndpointHarness h = afterAnRto("0");
    int mark = h.packetsSent();
    h.ack(MSS);
    assertThat(h.dataSequencesSince(mark)).containsExactly((long) MSS, 2L * MSS);
    h.ack(MSS, 5 * MSS, 6 * MSS);
    assertThat(h.counter("TcpExtTCPSpuriousRTOs")).isZero();
  }

  @Test
  void stepOneArmsOnlyOutsideRecoveryOrOnARepeatedTimeout() {
    Frto frto = new Frto(true);
    frto.onTimeout(true, false);
    assertThat(frto.on()).isTrue();
    frto.onTimeout(false, false);
    assertThat(frto.on()).as("an RTO during fast recovery").isFalse();
    frto.onTimeout(false, true);
    assertThat(frto.on()).as("the same RTO again").isTrue();
    Frto off = new Frto(false);
    off.onTimeout(true, true);
    assertThat(off.on()).as("tcp_frto 0, or 2.6.37").isFalse();
  }

  @Test
  void withNothingNewToSendTheFirstAckEndsFrto() {
    Frto frto = new Frto(true);
    frto.onTimeout(true, false);
    AckSample sample = new AckSample();
    sample.reset(1000, 0);
    sample.advanced = true;
    sample.notDuplicate = true;
    assertThat(frto.onAckInLoss(sample, 10_000, 10_000, false)).isEqualTo(Frto.Step.NONE);
    assertThat(frto.on()).isFalse();
  }

  @Test
  void linux316TriesTheLossUndoOnADuplicateAckToo() {
    // Timestamps on, F-RTO off: a duplicate ACK SACKing segment 5 echoes a timestamp from before
    // the first retransmission. 3.16's tcp_process_loss calls tcp_try_undo_loss(sk, false) on
    // every ACK, so the RTO is undone here; 6.x tries it only on an ACK that advances snd_una.
    for (String kernel : new String[] {"3.16", "6.x"}) {
      EndpointHarness h =
          EndpointHarness.dupthreshSender(
              true, Map.of("bondsim.kernel", kernel, "net.ipv4.tcp_frto", "0"));
      h.write(20L * MSS);
      h.advanceTo(300_000_000L);
      assertThat(h.counter("TcpExtTCPTimeouts")).as(kernel).isEqualTo(1);
      h.ackEchoing(1, 0, 5 * (MSS - 12), 6 * (MSS - 12));
      assertThat(h.counter("TcpExtTCPLossUndo"))
          .as(kernel)
          .isEqualTo(kernel.equals("3.16") ? 1 : 0);
    }
  }
}
