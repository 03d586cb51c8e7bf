package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.SackBlock;
import org.junit.jupiter.api.Test;

/**
 * 6.x's SACK compression at the receiver ({@code __tcp_ack_snd_check}, {@code
 * tcp_sack_new_ofo_skb}, {@code tcp_event_ack_sent}, read in 6.1's {@code net/ipv4/tcp_input.c} and
 * {@code tcp_output.c}): the first three duplicate ACKs for a rcv_nxt go at once, later ones wait;
 * data landing in a third block forces the waiting ACK out with the blocks as they were; every ACK
 * an ACK stands for is counted in {@code TcpExtTCPAckCompressed}.
 */
class SackCompressionTest {
  private static final int MSS = 1448;

  /** A receiver past its start's quick ACKs, rcv_nxt at segment 40; timestamps off. */
  private static EndpointHarness receiver() {
    EndpointHarness h =
        new EndpointHarness(Map.of("net.ipv4.tcp_timestamps", "0")).established(2_000_000L);
    for (int i = 0; i < 40; i++) {
      h.receive((long) i * MSS, MSS);
    }
    h.advanceTo(100_000_000L);
    return h;
  }

  private static void segment(EndpointHarness h, int n) {
    h.receive((long) n * MSS, MSS);
  }

  private static List<SackBlock> lastAckBlocks(EndpointHarness h) {
    List<Packet> sent = h.context.host().sent();
    return sent.get(sent.size() - 1).tcp().sack();
  }

  private static SackBlock block(int from, int to) {
    return new SackBlock((long) from * MSS, (long) to * MSS);
  }

  /** Three holes (40, 42-43, 45-46) and three blocks, each duplicate ACK sent at once. */
  private static EndpointHarness threeBlocks() {
    EndpointHarness h = receiver();
    int before = h.packetsSent();
    segment(h, 41);
    segment(h, 44);
    segment(h, 47);
    assertThat(h.packetsSent() - before).isEqualTo(3);
    assertThat(lastAckBlocks(h)).containsExactly(block(47, 48), block(44, 45), block(41, 42));
    return h;
  }

  @Test
  void dataExtendingTheNewestBlockWaits() {
    EndpointHarness h = threeBlocks();
    int before = h.packetsSent();
    segment(h, 48);
    segment(h, 49);
    assertThat(h.packetsSent()).isEqualTo(before);
  }

  @Test
  void dataLandingInTheThirdBlockSendsTheWaitingAckWithTheBlocksAsTheyWere() {
    EndpointHarness h = threeBlocks();
    segment(h, 48);
    segment(h, 49);
    int before = h.packetsSent();
    // Segment 42 extends the oldest block, the third, and no other: tcp_sack_compress_send_ack.
    segment(h, 42);
    assertThat(h.packetsSent()).isEqualTo(before + 1);
    assertThat(lastAckBlocks(h)).containsExactly(block(47, 50), block(44, 45), block(41, 42));
    // Two were waiting; the ACK sent is one of them.
    assertThat(h.counter("TcpExtTCPAckCompressed")).isEqualTo(1);
    // The ACK cleared what segment 42 had scheduled: nothing more goes for it.
    h.advanceTo(200_000_000L);
    assertThat(h.packetsSent()).isEqualTo(before + 1);
  }

  @Test
  void anAckSentForAnotherReasonCountsEveryAckItStandsFor() {
    EndpointHarness h = threeBlocks();
    segment(h, 48);
    segment(h, 49);
    // The first hole fills: an ACK at once (ICSK_ACK_NOW), which the two waiting ones ride on.
    segment(h, 40);
    assertThat(h.counter("TcpExtTCPAckCompressed")).isEqualTo(2);
  }

  @Test
  void atMostTcpCompSackNrAcksWaitAndTheOneAfterThemGoesAtOnce() {
    EndpointHarness h = threeBlocks();
    int before = h.packetsSent();
    // Small segments extending the newest block, so that all stay inside the window offered.
    long seq = 48L * MSS;
    for (int i = 0; i < 44; i++, seq += 100) {
      h.receive(seq, 100);
    }
    assertThat(h.packetsSent()).isEqualTo(before);
    h.receive(seq, 100);
    assertThat(h.packetsSent()).isEqualTo(before + 1);
    assertThat(h.counter("TcpExtTCPAckCompressed")).isEqualTo(44);
  }

  @Test
  void quickAckModeAcksEveryOutOfOrderSegmentAtOnceAndStartsWithTheFirstInOrderOne() {
    EndpointHarness h =
        new EndpointHarness(Map.of("net.ipv4.tcp_timestamps", "0", "bondsim.rcv_ssthresh", "off"))
            .established(2_000_000L);
    int before = h.packetsSent();
    // Out of order before any in-order data: quick-ACK mode is off, the fourth waits (with the
    // window open at once: RcvSsthreshTest has the quick ACK a growing window adds).
    for (int n = 1; n <= 4; n++) {
      segment(h, n);
    }
    assertThat(h.packetsSent() - before).isEqualTo(3);
    // The hole fills: the first in-order data starts quick-ACK mode, and its ACK goes at once.
    segment(h, 0);
    before = h.packetsSent();
    for (int n = 6; n <= 10; n++) {
      segment(h, n);
    }
    // __tcp_ack_snd_check tests tcp_in_quickack_mode before the out-of-order queue.
    assertThat(h.packetsSent() - before).isEqualTo(5);
  }
}
