package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.SackBlock;
import org.bondsim.api.tcp.TcpSegment;
import org.junit.jupiter.api.Test;

/**
 * PAWS on an established connection ({@code tcp_validate_incoming}, {@code tcp_paws_discard},
 * {@code tcp_disordered_ack}, {@code tcp_replace_ts_recent}), each event placed by hand: the peer's
 * ACKs carry chosen timestamps, as balance-rr's reordered ACKs do.
 */
class PawsTest {
  private static final int MSS = 1448;

  /** The peer's ACK at its sequence 0 (its rcv side has sent nothing), timestamp {@code tsVal}. */
  private static void ack(EndpointHarness h, long tsVal, long ack, long... sackPairs) {
    List<SackBlock> blocks = new ArrayList<>();
    for (int i = 0; i < sackPairs.length; i += 2) {
      blocks.add(new SackBlock(sackPairs[i], sackPairs[i + 1]));
    }
    h.deliver(
        new TcpSegment(
            0,
            ack,
            TcpSegment.ACK,
            EndpointHarness.PEER_WINDOW,
            12 + 8 * blocks.size() + (blocks.isEmpty() ? 0 : 4),
            blocks,
            tsVal,
            1),
        0);
  }

  private static EndpointHarness sender(String kernel) {
    return sender(kernel, "1");
  }

  private static EndpointHarness sender(String kernel, String recovery) {
    EndpointHarness h =
        new EndpointHarness(
                Map.of(
                    "bondsim.kernel",
                    kernel,
                    "net.ipv4.tcp_early_retrans",
                    "0",
                    "net.ipv4.tcp_recovery",
                    recovery))
            .established();
    h.write(10L * MSS);
    return h;
  }

  @Test
  void aStaleAckOfNewDataIsDiscardedWithItsDsackAndAnsweredOnce() {
    EndpointHarness h = sender("6.x");
    ack(h, 10, MSS);
    long delivered = h.endpoint.delivered();
    int before = h.packetsSent();
    // Sent two ticks before the last one the sender took, yet it acknowledges new data and carries
    // a DSACK: not a disordered duplicate, so PAWS drops it whole.
    ack(h, 8, 3L * MSS, 0, MSS);
    assertThat(h.counter("TcpExtPAWSEstab")).isEqualTo(1);
    assertThat(h.endpoint.state().sndUna()).as("snd_una stays").isEqualTo(MSS);
    assertThat(h.endpoint.delivered()).isEqualTo(delivered);
    assertThat(h.counter("TcpExtTCPDSACKRecv")).as("the DSACK went with it").isZero();
    List<Packet> answer = h.context.host().sent().subList(before, h.packetsSent());
    assertThat(answer).hasSize(1);
    assertThat(answer.get(0).payloadBytes()).as("a duplicate ACK").isZero();
    // A second one within tcp_invalid_ratelimit (500 ms) is not answered.
    h.advanceTo(h.context.now() + 100_000_000L);
    int mark = h.packetsSent();
    ack(h, 8, 2L * MSS);
    assertThat(h.counter("TcpExtPAWSEstab")).isEqualTo(2);
    assertThat(h.counter("TcpExtTCPACKSkippedPAWS")).isEqualTo(1);
    assertThat(h.packetsSent()).isEqualTo(mark);
  }

  @Test
  void oneTickOlderStillPasses() {
    EndpointHarness h = sender("6.x");
    ack(h, 10, MSS);
    ack(h, 9, 2L * MSS);
    assertThat(h.counter("TcpExtPAWSEstab")).isZero();
    assertThat(h.endpoint.state().sndUna()).isEqualTo(2L * MSS);
  }

  @Test
  void aDisorderedDuplicateAckPassesAndItsSackBlockCounts() {
    EndpointHarness h = sender("6.x");
    ack(h, 10, MSS);
    // Old by 5 ticks, but a pure duplicate ACK at rcv_nxt that changes no window, within one RTO.
    ack(h, 5, MSS, 2L * MSS, 3L * MSS);
    assertThat(h.counter("TcpExtPAWSEstab")).isZero();
    assertThat(h.endpoint.socketInfo().sacked()).isEqualTo(1);
  }

  @Test
  void tsRecentOnlyMovesForward() {
    EndpointHarness h = sender("6.x");
    ack(h, 10, MSS);
    // An older timestamp that passes (a disordered duplicate) does not pull ts_recent back: a
    // segment two ticks older than 10 still fails afterwards.
    ack(h, 5, MSS);
    ack(h, 8, 2L * MSS);
    assertThat(h.counter("TcpExtPAWSEstab")).isEqualTo(1);
  }

  @Test
  void linux2637AnswersEveryFailure() {
    EndpointHarness h = sender("2.6.37");
    ack(h, 10, MSS);
    int before = h.packetsSent();
    ack(h, 7, 2L * MSS);
    ack(h, 7, 3L * MSS);
    assertThat(h.counter("TcpExtPAWSEstab")).isEqualTo(2);
    assertThat(h.counter("TcpExtTCPACKSkippedPAWS")).isZero();
    assertThat(h.packetsSent() - before).isEqualTo(2);
  }

  @Test
  void anOldAckWithinTheWindowCountsOnlyItsSackBlocks() {
    // Duplicate-threshold loss detection: one SACKed segment starts no recovery, so a change of
    // cwnd could only be growth, which a newer ACK's SACK block would give in slow start.
    EndpointHarness h = sender("6.x", "0");
    ack(h, 10, 3L * MSS);
    SocketInfo before = h.endpoint.socketInfo();
    // Overtaken by the ACK above, sent in the same tick: below snd_una, it carries a SACK block.
    ack(h, 10, 2L * MSS, 4L * MSS, 5L * MSS);
    SocketInfo after = h.endpoint.socketInfo();
    assertThat(h.counter("TcpExtPAWSEstab")).isZero();
    assertThat(after.sacked()).isEqualTo(1);
    assertThat(after.sndCwnd()).as("no congestion control on old_ack").isEqualTo(before.sndCwnd());
    assertThat(h.endpoint.state().sndUna()).isEqualTo(3L * MSS);
  }

  @Test
  void oldDataFailingPawsIsDsackedAndAckedAtOnce() {
    EndpointHarness h = new EndpointHarness(Map.of()).established();
    // In-order data with timestamp 20 moves ts_recent once the ACK for it left.
    h.deliver(new TcpSegment(0, 0, TcpSegment.ACK, 1 << 20, 12, List.of(), 20, 1), 1000);
    h.advanceTo(h.context.now() + 200_000_000L);
    h.deliver(new TcpSegment(1000, 0, TcpSegment.ACK, 1 << 20, 12, List.of(), 21, 1), 1000);
    h.advanceTo(h.context.now() + 200_000_000L);
    int before = h.packetsSent();
    // A copy of the first segment sent long before: old data, old timestamp.
    h.deliver(new TcpSegment(0, 0, TcpSegment.ACK, 1 << 20, 12, List.of(), 3, 1), 1000);
    assertThat(h.counter("TcpExtPAWSEstab")).isEqualTo(1);
    assertThat(h.counter("TcpExtDelayedACKLost")).isEqualTo(1);
    List<Packet> answer = h.context.host().sent().subList(before, h.packetsSent());
    assertThat(answer).hasSize(1);
    assertThat(answer.get(0).tcp().sack()).containsExactly(new SackBlock(0, 1000));
  }
}
