package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;
import org.junit.jupiter.api.Test;

/** close(2): the FIN after the data, its sequence number, its retransmission and its ACK. */
class CloseTest {
  private static List<Packet> sent(EndpointHarness h) {
    return h.context.host().sent();
  }

  @Test
  void theFinFollowsTheDataAndTakesOneSequenceNumber() {
    EndpointHarness h = new EndpointHarness(Map.of("net.ipv4.tcp_timestamps", "0")).established();
    h.write(2896);
    h.endpoint.close();
    Packet fin = sent(h).get(sent(h).size() - 1);
    assertThat(fin.tcp().has(TcpSegment.FIN)).isTrue();
    assertThat(fin.tcp().sequence()).isEqualTo(2896);
    assertThat(fin.payloadBytes()).isZero();
    assertThat(h.endpoint.socketInfo().unacked()).isEqualTo(3);
    h.ack(2897);
    assertThat(h.endpoint.socketInfo().unacked()).isZero();
    assertThat(h.endpoint.unsentOrUnacked()).isZero();
  }

  @Test
  void anUnacknowledgedFinIsRetransmittedByTheTimer() {
    EndpointHarness h = new EndpointHarness(Map.of("net.ipv4.tcp_timestamps", "0")).established();
    h.write(1448);
    h.ack(1448);
    h.endpoint.close();
    int before = h.packetsSent();
    h.advanceTo(h.context.now() + 3_000_000_000L);
    List<Packet> after = sent(h).subList(before, sent(h).size());
    assertThat(after).isNotEmpty();
    assertThat(after).allSatisfy(p -> assertThat(p.tcp().has(TcpSegment.FIN)).isTrue());
    assertThat(after.get(0).tcp().sequence()).isEqualTo(1448);
  }

  @Test
  void thePeersFinInOrderIsAcknowledgedAtOnce() {
    EndpointHarness h = new EndpointHarness(Map.of("net.ipv4.tcp_timestamps", "0")).established();
    int before = h.packetsSent();
    h.endpoint.receive(
        new Packet(
            sent(h).get(0).frame(),
            0,
            new TcpSegment(0, 0, TcpSegment.FIN | TcpSegment.ACK, 65535, 0, List.of(), 0, 0),
            -1,
            0,
            h.context.now(),
            null,
            0));
    assertThat(h.packetsSent()).isEqualTo(before + 1);
    assertThat(sent(h).get(before).tcp().acknowledgment()).isEqualTo(1);
  }
}
