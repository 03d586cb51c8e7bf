package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;
import org.junit.jupiter.api.Test;

/**
 * A segment whose ACK covers data never sent is dropped whole ({@code tcp_ack} refuses it, {@code
 * tcp_rcv_established} discards the segment): its FIN and its timestamp are not taken. Linux's
 * ts_recent/invalid_ack.pkt in our harness's words.
 */
class InvalidAckTest {
  @Test
  void aSegmentAckingUnsentDataIsDroppedWhole() {
    EndpointHarness h = new EndpointHarness(Map.of()).established();
    // The peer's clock is at 1 (the SYN-ACK's TSval); a FIN acking far beyond snd_nxt, TSval
    // 200000.
    int before = h.packetsSent();
    h.deliver(
        new TcpSegment(
            0, 9999, TcpSegment.ACK | TcpSegment.FIN, 1 << 20, 12, List.of(), 200_000, 1),
        0);
    assertThat(h.packetsSent()).as("a FIN taken would be ACKed at once").isEqualTo(before);
    int mark = h.packetsSent();
    // Then 1000 bytes of valid data with TSval 2.
    h.deliver(new TcpSegment(0, 0, TcpSegment.ACK, 1 << 20, 12, List.of(), 2, 1), 1000);
    h.advanceTo(h.context.now() + 500_000_000L);
    List<Packet> replies = h.context.host().sent().subList(mark, h.packetsSent());
    assertThat(replies).isNotEmpty();
    TcpSegment ack = replies.get(0).tcp();
    assertThat(ack.acknowledgment()).as("the data, not the FIN").isEqualTo(1000);
    assertThat(ack.tsEcr()).as("ts_recent from the valid segment").isEqualTo(2);
  }
}
