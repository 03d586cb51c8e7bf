package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Fast recovery and every undo path, driven segment by segment as packetdrill drives Linux: the
 * test plays the receiver and checks what the sender retransmits and which counters move. RACK and
 * tail loss probes are off unless a test says otherwise, so the duplicate threshold decides.
 */
class RecoveryUndoTest {
  private static final int MSS = 1460; // no timestamps
  private static final int MSS_TS = 1448; // with timestamps

  private static EndpointHarness sender(boolean timestamps) {
    return EndpointHarness.dupthreshSender(timestamps, Map.of());
  }

  @Test
  void aLossAtAnExactSequenceIsRetransmittedOnceThreeSegmentsAboveItAreSacked() {
    EndpointHarness h = sender(false);
    h.write(10L * MSS);
    assertThat(h.dataSequencesSince(0)).hasSize(10);
    h.ack(3 * MSS);
    int mark = h.packetsSent();
    h.ack(3 * MSS, 4 * MSS, 5 * MSS);
    h.ack(3 * MSS, 4 * MSS, 6 * MSS);
    assertThat(h.dataSequencesSince(mark)).isEmpty();
    h.ack(3 * MSS, 4 * MSS, 7 * MSS);
    assertThat(h.dataSequencesSince(mark)).containsExactly(3L * MSS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
  }

  /** Ten segments, the first missing and three SACKed above it: recovery retransmits it. */
  private static EndpointHarness recoveringFromTheFirst() {
    EndpointHarness h = sender(false);
    h.write(10L * MSS);
    h.ack(0, MSS, 4 * MSS);
    assertThat(h.endpoint.describe()).contains(" ssthresh:7 ");
    return h;
  }

  @Test
  void aDsackForTheOnlyRetransmissionUndoesTheReduction() {
    EndpointHarness h = recoveringFromTheFirst();
    // The original arrived after all: the receiver reports the retransmission as a duplicate,
    // on an ACK below high_seq, so recovery goes on and tcp_try_undo_dsack undoes it.
    h.ack(2 * MSS, 0, MSS, 2 * MSS, 4 * MSS);
    assertThat(h.counter("TcpExtTCPDSACKRecv")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPDSACKUndo")).isEqualTo(1);
    // cwnd 10 and no ssthresh again; Open, the ACK's two deliveries (segment 0, and the DSACKed
    // duplicate: "a spurious retransmission is delivered") slow-start it.
    assertThat(h.endpoint.describe()).contains(" cwnd:12 ").doesNotContain("ssthresh:");
  }

  @Test
  void aDsackOnTheAckThatEndsRecoveryMakesItAFullUndo() {
    EndpointHarness h = recoveringFromTheFirst();
    // tcp_fastretrans_alert checks for the end of recovery (snd_una at high_seq) before it tries
    // a DSACK undo: the DSACK leaves nothing to prove, so tcp_try_undo_recovery undoes it.
    h.ack(10 * MSS, 0, MSS);
    assertThat(h.counter("TcpExtTCPDSACKRecv")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPDSACKUndo")).isZero();
    assertThat(h.counter("TcpExtTCPFullUndo")).isEqualTo(1);
    // Back to cwnd 10 and no ssthresh, then, Open, the ACK's eight deliveries (seven segments and
    // the DSACKed duplicate) slow-start it.
    assertThat(h.endpoint.describe()).contains(" cwnd:18 ").doesNotContain("ssthresh:");
  }

  @Test
  void aDsackAfterRecoveryEndedStillUndoesIt() {
    EndpointHarness h = recoveringFromTheFirst();
    // Everything is ACKed, the retransmission not yet proved needless: recovery ends at ssthresh
    // 7, and the same ACK, Open now, grows it by CUBIC's first step (cnt 7, seven delivered).
    h.ack(10 * MSS);
    assertThat(h.endpoint.describe()).contains(" cwnd:8 ssthresh:7 ");
    // The DSACK comes with the next ACK: undo_marker outlives recovery (only an undo or the next
    // episode resets it), so tcp_try_undo_dsack in Open still undoes the reduction.
    h.ack(10 * MSS, 0, MSS);
    assertThat(h.counter("TcpExtTCPDSACKUndo")).isEqualTo(1);
    assertThat(h.endpoint.describe()).contains(" cwnd:10 ").doesNotContain("ssthresh:");
  }

  /**
   * A DSACK for what an earlier recovery retransmitted, arriving once the next recovery has set its
   * own undo marker, proves nothing about the new one: tcp_check_dsack counts it only above the
   * marker, and tcp_is_sackblock_valid drops it as old (TcpExtTCPDSACKIgnoredOld).
   */
  @Test
  void aDsackForAnEarlierRecoveryDoesNotUndoTheNextOne() {
    EndpointHarness h = recoveringFromTheFirst();
    h.write(10L * MSS);
    int mark = h.packetsSent();
    h.ack(10 * MSS); // the first recovery ends without an undo; new segments go out
    assertThat(h.dataSequencesSince(mark)).startsWith(10L * MSS);
    mark = h.packetsSent();
    h.ack(10 * MSS, 11 * MSS, 14 * MSS); // three SACKed above segment 10: the second recovery
    assertThat(h.dataSequencesSince(mark)).startsWith(10L * MSS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(2);
    assertThat(h.endpoint.describe()).contains(" cwnd:5 ssthresh:5 ");
    // The receiver reports segment 0 twice only now: below snd_una and below the new marker.
    h.ack(10 * MSS, 0, MSS, 11 * MSS, 14 * MSS);
    assertThat(h.counter("TcpExtTCPDSACKRecv")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPDSACKIgnoredOld")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPDSACKUndo")).isZero();
    // Still reduced, still in recovery (segment 10's retransmission out).
    assertThat(h.endpoint.describe()).contains(" cwnd:5 ssthresh:5 ").contains(" retrans:1/2 ");
  }

  /**
   * Ten segments sent at 0 ms (TSval 1); at 5 ms three SACKed above segment 0 start recovery and
   * retransmit it (retrans_stamp 6).
   */
  private static EndpointHarness recoveringSinceFiveMs() {
    EndpointHarness h = sender(true);
    h.write(10L * MSS_TS);
    h.advanceTo(5_000_000L);
    h.ack(0, MSS_TS, 4 * MSS_TS);
    return h;
  }

  @Test
  void timestampsOlderThanTheRetransmissionUndoTheWholeRecovery() {
    EndpointHarness h = recoveringSinceFiveMs();
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
    h.ackEchoing(1, 10 * MSS_TS);
    assertThat(h.counter("TcpExtTCPFullUndo")).isEqualTo(1);
    // ss omits an infinite ssthresh (tcpi_snd_ssthresh >= 0xFFFF).
    assertThat(h.endpoint.describe()).doesNotContain("ssthresh:");
  }

  @Test
  void withoutTheTimestampProofRecoveryEndsReduced() {
    EndpointHarness h = recoveringSinceFiveMs();
    h.ackEchoing(6, 10 * MSS_TS); // echoes the retransmission itself
    assertThat(h.counter("TcpExtTCPFullUndo")).isZero();
    // ssthresh 7; the ending ACK, Open now, grows cwnd by CUBIC's first step.
    assertThat(h.endpoint.describe()).contains(" cwnd:8 ssthresh:7 ");
  }

  @Test
  void aPartialAckProvenLateByTimestampsUndoesOnceNoRetransmissionIsOut() {
    EndpointHarness h = recoveringSinceFiveMs();
    h.ackEchoing(1, MSS_TS);
    assertThat(h.counter("TcpExtTCPPartialUndo")).isEqualTo(1);
    // The undo is reordering evidence: data up to 4 x MSS had overtaken segment 0.
    assertThat(h.counter("TcpExtTCPTSReorder")).isEqualTo(1);
    assertThat(h.endpoint.describe()).contains(" reordering:4 ");
  }

  @Test
  void anRtoProvenSpuriousByTimestampsIsUndone() {
    EndpointHarness h = sender(true);
    h.write(10L * MSS_TS);
    // The handshake's RTT sample (0 here) leaves the RTO at its 200 ms floor: it fires once by
    // 0.3 s, retransmitting 0.
    h.advanceTo(300_000_000L);
    assertThat(h.counter("TcpExtTCPTimeouts")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPSlowStartRetrans")).isEqualTo(1);
    h.ackEchoing(1, MSS_TS);
    assertThat(h.counter("TcpExtTCPLossUndo")).isEqualTo(1);
    // tcp_try_undo_loss counts TCPSpuriousRTOs only for an F-RTO undo (FrtoTest), not Eifel's.
    assertThat(h.counter("TcpExtTCPSpuriousRTOs")).isZero();
  }

  @Test
  void withoutSackTheThirdDuplicateAckRetransmitsTheHead() {
    EndpointHarness h =
        new EndpointHarness(Map.of("net.ipv4.tcp_sack", "0", "net.ipv4.tcp_timestamps", "0"))
            .established();
    h.write(10L * MSS);
    int mark = h.packetsSent();
    h.ack(0);
    h.ack(0);
    assertThat(h.dataSequencesSince(mark)).isEmpty();
    h.ack(0);
    assertThat(h.dataSequencesSince(mark)).containsExactly(0L);
    assertThat(h.counter("TcpExtTCPRenoRecovery")).isEqualTo(1);
  }
}
