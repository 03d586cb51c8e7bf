package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * 2.6.37's F-RTO, ACK by ACK as {@code tcp_process_frto} takes them. Every scenario starts alike:
 * Reno without timestamps, the first window (three segments, 0 to 2) unanswered until the RTO at 3
 * s; F-RTO takes ssthresh to 2 (Reno's half of 3, at least 2), keeps cwnd at 3 (what is in flight
 * plus one caps it) and resends segment 0 alone. "A1" is the ACK of that retransmission: cwnd
 * becomes what is in flight plus two (2 + 2), and segments 3 and 4 go out as new data.
 */
class ClassicFrtoTest {
  private static final int MSS = 1460;
  private static final long MS = 1_000_000L;

  private static EndpointHarness sender(String... sysctls) {
    Map<String, String> settings = new HashMap<>();
    settings.put("bondsim.kernel", "2.6.37");
    settings.put("net.ipv4.tcp_timestamps", "0");
    settings.put("net.ipv4.tcp_congestion_control", "reno");
    for (int i = 0; i < sysctls.length; i += 2) {
      settings.put(sysctls[i], sysctls[i + 1]);
    }
    EndpointHarness h = new EndpointHarness(settings).established();
    h.write(20L * MSS);
    h.advanceTo(3_000 * MS);
    assertThat(h.counter("TcpExtTCPTimeouts")).isEqualTo(1);
    return h;
  }

  private static SocketInfo info(EndpointHarness h) {
    return h.endpoint.socketInfo();
  }

  /** The ACK of the retransmitted head: F-RTO's second step, new data allowed. */
  private static List<Long> a1(EndpointHarness h) {
    int before = h.packetsSent();
    h.ack(MSS);
    return h.dataSequencesSince(before);
  }

  @Test
  void theRtoResendsTheHeadAloneAndWaitsInDisorder() {
    EndpointHarness h = sender();
    assertThat(info(h).caState()).isEqualTo(1); // Disorder, not Loss
    assertThat(info(h).lost()).isZero();
    assertThat(info(h).sndSsthresh()).isEqualTo(2);
    assertThat(info(h).sndCwnd()).isEqualTo(3);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
    // The head's retransmission is out beside the three originals: nothing more may go.
    assertThat(info(h).retrans()).isEqualTo(1);
  }

  @Test
  void aSecondAckOfOriginalDataProvesTheTimeoutSpuriousAndRateHalvingFollowsInCwr() {
    EndpointHarness h = sender();
    assertThat(a1(h)).containsExactly(3L * MSS, 4L * MSS);
    assertThat(info(h).sndCwnd()).isEqualTo(4);
    // Segment 1 was sent once, before the RTO: the original arrived, the timeout was spurious.
    h.ack(2L * MSS);
    assertThat(h.counter("TcpExtTCPSpuriousRTOs")).isEqualTo(1);
    assertThat(info(h).caState()).isEqualTo(2); // CWR: response 0, rate-halving
    assertThat(info(h).sndSsthresh()).isEqualTo(2);
    assertThat(info(h).sndCwnd()).isEqualTo(4); // in flight (2, 3, 4) plus one
    // Once something above high_seq (snd_nxt at the response, 5) is ACKed, CWR ends at ssthresh.
    h.ack(6L * MSS);
    assertThat(info(h).caState()).isZero();
    assertThat(info(h).sndCwnd()).isLessThanOrEqualTo(2);
    assertThat(h.counter("TcpExtTCPLossUndo")).isZero();
  }

  @Test
  void responseOneTakesCwndToSsthreshAndResponseTwoUndoesTheReduction() {
    EndpointHarness conservative = sender("net.ipv4.tcp_frto_response", "1");
    a1(conservative);
    conservative.ack(2L * MSS);
    assertThat(info(conservative).caState()).isNotEqualTo(2);
    assertThat(info(conservative).sndSsthresh()).isEqualTo(2);
    // min(cwnd, ssthresh), then slow start on the same ACK (tcp_cong_avoid runs).
    assertThat(info(conservative).sndCwnd()).isEqualTo(3);

    EndpointHarness undo = sender("net.ipv4.tcp_frto_response", "2");
    a1(undo);
    undo.ack(2L * MSS);
    assertThat(undo.counter("TcpExtTCPSpuriousRTOs")).isEqualTo(1);
    // tcp_undo_cwr: ssthresh back above the RTO's 2 (its prior value: infinite before any loss).
    assertThat(info(undo).sndSsthresh()).isGreaterThan(2);
  }

  @Test
  void aSackOfNewDataAfterTheRtoMeansTheLossWasRealAndLossRecoveryTakesOver() {
    EndpointHarness h = sender();
    a1(h);
    int before = h.packetsSent();
    // Segment 3, new data above the highmark (3 segments), SACKed: the original 1 is lost.
    h.ack(MSS, 3L * MSS, 4L * MSS);
    assertThat(info(h).caState()).isEqualTo(4); // Loss
    // Every segment not SACKed is lost, new data included: 1, 2 and 4.
    assertThat(info(h).lost()).isEqualTo(3);
    // cwnd = in flight (0) + 3: the three lost segments go out again.
    assertThat(info(h).sndCwnd()).isEqualTo(3);
    assertThat(h.dataSequencesSince(before)).containsExactly(1L * MSS, 2L * MSS, 4L * MSS);
    assertThat(h.counter("TcpExtTCPSpuriousRTOs")).isZero();
  }

  @Test
  void aSackOfOriginalsOnlyBelowTheHighmarkCountsAsProgress() {
    EndpointHarness h = sender();
    a1(h);
    // Segment 2, sent once before the RTO, SACKed: no new SACK above the highmark.
    h.ack(MSS, 2L * MSS, 3L * MSS);
    assertThat(h.counter("TcpExtTCPSpuriousRTOs")).isEqualTo(1);
    assertThat(info(h).caState()).isEqualTo(2);
  }

  @Test
  void sackVariantDuplicateAcksAtTheFirstStepOnlyShrinkCwndToWhatIsInFlight() {
    EndpointHarness h = sender();
    // Segments 1 and 2 SACKed, the head still unanswered: in flight 3 - 2 + 1 = 2.
    h.ack(0, MSS, 3L * MSS);
    assertThat(info(h).caState()).isEqualTo(1);
    assertThat(info(h).sndCwnd()).isEqualTo(2);
    assertThat(info(h).lost()).isZero();
  }

  @Test
  void theBasicVariantFallsBackOnADuplicateAckAtTheFirstStepKeepingTheHeadsRetransmission() {
    EndpointHarness h = sender("net.ipv4.tcp_sack", "0");
    assertThat(info(h).caState()).isEqualTo(1);
    int before = h.packetsSent();
    // The first ACK with the peer's full window is a window update, which F-RTO ignores; the
    // second is a plain duplicate.
    h.ack(0);
    assertThat(info(h).caState()).isEqualTo(1);
    h.ack(0);
    assertThat(info(h).caState()).isEqualTo(4);
    // All three lost, the head's retransmission still out: cwnd = 1 + 0, nothing resent.
    assertThat(info(h).lost()).isEqualTo(3);
    assertThat(info(h).retrans()).isEqualTo(1);
    assertThat(info(h).sndCwnd()).isEqualTo(1);
    assertThat(h.dataSequencesSince(before)).isEmpty();
  }

  @Test
  void aRepeatedRtoWithoutAnAckKeepsSsthreshAndStaysInFrto() {
    EndpointHarness h = sender();
    h.advanceTo(9_000 * MS);
    assertThat(h.counter("TcpExtTCPTimeouts")).isEqualTo(2);
    assertThat(info(h).caState()).isEqualTo(1);
    assertThat(info(h).sndSsthresh()).isEqualTo(2);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(2);
  }

  @Test
  void tcpFrtoZeroEntersLossAsBefore() {
    EndpointHarness h = sender("net.ipv4.tcp_frto", "0");
    assertThat(info(h).caState()).isEqualTo(4);
    assertThat(info(h).sndCwnd()).isEqualTo(1);
    assertThat(info(h).lost()).isEqualTo(3);
  }
}
