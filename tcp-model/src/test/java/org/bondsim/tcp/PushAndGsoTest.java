package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;
import org.junit.jupiter.api.Test;

/**
 * Which segments carry PSH inside one large send() ({@code forced_push} in {@code tcp_sendmsg}),
 * GSO packets of new data during fast recovery ({@code tcp_write_xmit} within PRR's quota), and the
 * loss probe a FIN re-arms ({@code tcp_send_fin} pushes through {@code tcp_write_xmit}).
 */
class PushAndGsoTest {
  private static final int MSS = 1460; // no timestamps

  private static EndpointHarness sender(boolean gso) {
    return new EndpointHarness(
            Map.of(
                "net.ipv4.tcp_timestamps", "0",
                "net.ipv4.tcp_recovery", "0",
                "net.ipv4.tcp_early_retrans", "0",
                "bondsim.gso", gso ? "1" : "0"))
        .established();
  }

  /**
   * A sender whose skbs are one segment each, so that forced pushes show on the wire: 2.6.37 with
   * GSO off (every kernel since 4.17 builds GSO packets, which carry PSH of their own on 6.x).
   */
  private static EndpointHarness segmentSender() {
    return new EndpointHarness(
            Map.of(
                "bondsim.kernel", "2.6.37",
                "net.ipv4.tcp_timestamps", "0",
                "net.ipv4.tcp_recovery", "0",
                "bondsim.gso", "0"))
        // The SYN-ACK offers 20 segments, so that no larger window is known before the test's.
        .established(0, 20 * MSS);
  }

  /** The peer ACKs everything sent, offering {@code window}, until nothing more goes out. */
  private static void ackAllSent(EndpointHarness h, long window) {
    long acked = -1;
    while (h.highestSent() > acked) {
      acked = h.highestSent();
      h.ackOffering(window, acked);
    }
  }

  /** Where the data segments sent since {@code from} end, for those that carry PSH. */
  private static List<Long> pushedEnds(EndpointHarness h, int from) {
    return h.dataPacketsSince(from).stream()
        .filter(p -> p.tcp().has(TcpSegment.PSH))
        .map(p -> p.tcp().sequence() + p.payloadBytes())
        .toList();
  }

  @Test
  void aCallLongerThanHalfTheLargestWindowPushesOncePastEachHalf() {
    EndpointHarness h = segmentSender();
    // The peer offers 20 segments: forced_push's threshold is 10 segments past the last push.
    h.ackOffering(20L * MSS, 0);
    h.write(8L * MSS);
    ackAllSent(h, 20L * MSS);
    assertThat(pushedEnds(h, 0)).as("a short call: PSH on its end only").containsExactly(8L * MSS);
    int mark = h.packetsSent();
    h.write(25L * MSS);
    ackAllSent(h, 20L * MSS);
    // pushed_seq is 8 after the first call. The skb ending at 18 leaves write_seq at exactly
    // 8 + 10, not past it; the one ending at 19 is the first past it, then 30 (19 + 10 < 30), and
    // tcp_push marks the call's end, 33.
    assertThat(pushedEnds(h, mark)).containsExactly(19L * MSS, 30L * MSS, 33L * MSS);
  }

  @Test
  void callsOfUsualSizeAgainstALargeWindowPushOnlyAtTheirEnds() {
    EndpointHarness h = segmentSender();
    h.ackOffering(1L << 20, 0);
    h.writeMessages(6, 3L * MSS / 2);
    ackAllSent(h, 1L << 20);
    assertThat(pushedEnds(h, 0)).containsExactly(3L * MSS, 6L * MSS, 9L * MSS);
  }

  @Test
  void inRecoveryNewDataLeavesAsOneGsoPacketOfWhatPrrAllows() {
    EndpointHarness h = sender(true);
    h.write(20L * MSS);
    assertThat(h.highestSent()).isEqualTo(10L * MSS);
    // Segments 0..3 and 10..15 lost (Linux's prr-ss-30pkt-lost-1_4-11_16.pkt, in our MSS): the
    // SACKs for 4..11 start recovery and PRR sends one segment per ACK.
    for (int top = 5; top <= 12; top++) {
      h.ack(0, 4L * MSS, (long) top * MSS);
    }
    int mark = h.packetsSent();
    // snd_una moves and nothing new is lost: PRR's slow-start part lets two go, as one packet.
    h.ack(MSS, 4L * MSS, 12L * MSS);
    List<Packet> sent = h.dataPacketsSince(mark);
    assertThat(sent).hasSize(1);
    assertThat(sent.get(0).tcp().sequence()).isEqualTo(14L * MSS);
    assertThat(sent.get(0).payloadBytes()).isEqualTo(2 * MSS);
    assertThat(sent.get(0).tcp().has(TcpSegment.PSH)).as("6.x pushes every GSO packet").isTrue();
  }

  @Test
  void aFinSentAfterTheDataReArmsTheLossProbe() {
    // Linux's shutdown-rdwr-write-queue-close.pkt: a 10 ms handshake RTT, 10 segments written at
    // 10 ms, the FIN at 20 ms; the probe (2 x SRTT + 2 ms with several out) expires 22 ms after
    // the FIN, not 22 ms after the data, and the timer wheel runs it a tick later (the script's
    // 4 ms tolerance takes either).
    EndpointHarness h =
        new EndpointHarness(Map.of("net.ipv4.tcp_timestamps", "0")).established(10_000_000L);
    h.advanceTo(10_000_000L);
    h.write(10L * MSS);
    h.advanceTo(20_000_000L);
    h.endpoint.close();
    h.advanceTo(60_000_000L);
    List<Long> fins =
        h.context.host().sent().stream()
            .filter(p -> p.tcp().has(TcpSegment.FIN))
            .map(Packet::sentAtNs)
            .toList();
    assertThat(fins).containsExactly(20_000_000L, 43_000_000L);
  }
}
