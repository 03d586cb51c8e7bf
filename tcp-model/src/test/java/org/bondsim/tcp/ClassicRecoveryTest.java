package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * 2.6.37's window moderation and undo rules ({@code tcp_moderate_cwnd}, {@code tcp_try_undo_dsack}
 * in Disorder only, {@code tcp_try_undo_partial}), as read in the 2.6.37.6 tree's {@code
 * net/ipv4/tcp_input.c}, against the model's 6.x where they differ. The test plays the receiver;
 * timestamps are off, so undo rests on DSACKs alone.
 */
class ClassicRecoveryTest {
  private static final int MSS = 1460;
  private static final long BASE = 7L * MSS;

  /**
   * A 2.6.37 sender whose window grew from 3 to 10 segments, one per ACK of one segment (slow start
   * on FLAG_DATA_ACKED): segments 7..16 are out, {@code written} segments in all.
   */
  private static EndpointHarness grownToTen(String kernel, int written) {
    EndpointHarness h = EndpointHarness.dupthreshSender(false, Map.of("bondsim.kernel", kernel));
    h.write((long) written * MSS);
    int start = kernel.equals("2.6.37") ? 3 : 10;
    for (int i = 1; i <= 7; i++) {
      h.ack((long) i * MSS);
    }
    if (start == 3) {
      assertThat(h.endpoint.describe()).contains(" cwnd:10 ");
      assertThat(h.highestSent()).isEqualTo(BASE + 10L * MSS);
    }
    return h;
  }

  @Test
  void aSackOnlyAckDoesNotGrowTheWindow() {
    EndpointHarness h = grownToTen("2.6.37", 100);
    // Segment 7 missing, 8 SACKed: a dubious ACK, no FLAG_DATA_ACKED, so no tcp_cong_avoid.
    h.ack(BASE, BASE + MSS, BASE + 2 * MSS);
    assertThat(h.endpoint.describe()).contains(" cwnd:10 ");
  }

  @Test
  void aDubiousAckClampsTheWindowToWhatIsInFlightPlusTheReorderingLevel() {
    // 17 segments written, all sent: after the ACK of 7..12 only 13..16 are out (application
    // limited), and the window had been full before it, so it grows to 11.
    EndpointHarness h = grownToTen("2.6.37", 17);
    h.ack(BASE + 6 * MSS);
    assertThat(h.endpoint.describe()).contains(" cwnd:11 ");
    // 14 SACKed, 13 not: dubious, so tcp_try_to_open's tcp_moderate_cwnd: in flight 3 (13, 15,
    // 16) plus tcp_max_burst = tp->reordering = 3.
    h.ack(BASE + 6 * MSS, BASE + 7 * MSS, BASE + 8 * MSS);
    assertThat(h.endpoint.describe()).contains(" cwnd:6 ");
  }

  @Test
  void sixXDoesNotModerate() {
    EndpointHarness h = grownToTen("6.x", 17);
    h.ack(BASE + 6 * MSS);
    int before = cwnd(h);
    h.ack(BASE + 6 * MSS, BASE + 7 * MSS, BASE + 8 * MSS);
    assertThat(cwnd(h)).isGreaterThanOrEqualTo(before);
  }

  private static int cwnd(EndpointHarness h) {
    return Integer.parseInt(h.endpoint.describe().replaceAll(".* cwnd:(\\d+) .*", "$1"));
  }

  /** Segment 7 missing and 8..10 SACKed: FACK (fackets 4 > 3) starts recovery, ssthresh 7. */
  private static EndpointHarness recovering() {
    EndpointHarness h = grownToTen("2.6.37", 100);
    h.ack(BASE, BASE + MSS, BASE + 4 * MSS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    assertThat(h.dataSequencesSince(0)).contains(BASE);
    assertThat(h.endpoint.describe()).contains(" ssthresh:7 ");
    return h;
  }

  @Test
  void inRecoveryADsackWaitsForTheEndOfRecoveryAndAPartialAckRestoresOnlyTheWindow() {
    EndpointHarness h = recovering();
    // The original of 7 arrives after all, with the retransmission DSACKed: undo_retrans 0, but
    // 2.6.37 calls tcp_try_undo_dsack only in Disorder. The ACK is partial (high_seq is 17):
    // tcp_try_undo_partial undoes cwnd, not ssthresh, and Recovery goes on.
    h.ack(BASE + 4 * MSS, BASE, BASE + MSS);
    assertThat(h.counter("TcpExtTCPDSACKUndo")).isZero();
    assertThat(h.counter("TcpExtTCPPartialUndo")).isEqualTo(1);
    assertThat(h.endpoint.describe()).contains(" ssthresh:7 ");
    // snd_una reaches high_seq: tcp_try_undo_recovery's full undo brings ssthresh back.
    h.ack(h.highestSent());
    assertThat(h.counter("TcpExtTCPFullUndo")).isEqualTo(1);
    assertThat(h.endpoint.describe()).doesNotContain("ssthresh:");
  }

  @Test
  void sixXUndoesOnTheDsackAtOnce() {
    EndpointHarness h = grownToTen("6.x", 100);
    h.ack(BASE, BASE + MSS, BASE + 4 * MSS);
    h.ack(BASE + 4 * MSS, BASE, BASE + MSS);
    assertThat(h.counter("TcpExtTCPDSACKUndo")).isEqualTo(1);
  }

  @Test
  void aDsackAfterRecoveryUndoesInTheDisorderThatFollows() {
    EndpointHarness h = recovering();
    // Everything sent before recovery (to 17) is ACKed, the retransmission not yet proved
    // needless: recovery ends reduced, and tcp_try_keep_open stays in Disorder, the marker set.
    h.ack(BASE + 10 * MSS);
    assertThat(h.counter("TcpExtTCPFullUndo")).isZero();
    assertThat(h.endpoint.describe()).contains(" ssthresh:7 ");
    h.ack(BASE + 10 * MSS, BASE, BASE + MSS);
    assertThat(h.counter("TcpExtTCPDSACKUndo")).isEqualTo(1);
    assertThat(h.endpoint.describe()).doesNotContain("ssthresh:");
  }

  @Test
  void theMarkerGoesWhenSndUnaPassesTheDisorderHighSeq() {
    EndpointHarness h = recovering();
    h.ack(BASE + 10 * MSS);
    // Disorder began with high_seq = snd_nxt; an ACK of all of it ends Disorder and the marker.
    h.ack(h.highestSent());
    h.ack(h.highestSent(), BASE, BASE + MSS);
    assertThat(h.counter("TcpExtTCPDSACKRecv")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPDSACKUndo")).isZero();
    assertThat(h.endpoint.describe()).contains(" ssthresh:7 ");
  }
}
