package org.bondsim.core.wire;

import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;

/**
 * Cuts a TSO/GSO super-packet into wire segments as {@code tcp_gso_segment} does: consecutive
 * sequence numbers, the same ACK, window and options on each, PSH and FIN only on the last, CWR
 * only on the first. The last segment carries the owner and the truesize; whether its completion
 * releases the owner's charge is the caller's to keep.
 */
final class Segmenter {
  private Segmenter() {}

  static void split(Packet packet, java.util.function.Consumer<Packet> sink) {
    TcpSegment tcp = packet.tcp();
    int size = packet.gsoSize();
    int count = packet.segments();
    int remaining = packet.payloadBytes();
    for (int i = 0; i < count; i++) {
      int length = Math.min(size, remaining);
      remaining -= length;
      boolean last = i == count - 1;
      int flags = tcp.flags();
      if (!last) {
        flags &= ~(TcpSegment.PSH | TcpSegment.FIN);
      }
      if (i > 0) {
        flags &= ~TcpSegment.CWR;
      }
      TcpSegment piece =
          new TcpSegment(
              tcp.sequence() + (long) i * size,
              tcp.acknowledgment(),
              flags,
              tcp.window(),
              tcp.optionBytes(),
              tcp.sack(),
              tcp.tsVal(),
              tcp.tsEcr());
      Packet segment =
          new Packet(
              packet.frame(),
              length,
              piece,
              packet.flowId(),
              packet.flowSequence() + i,
              packet.sentAtNs(),
              last ? packet.owner() : null,
              last ? packet.truesize() : 0);
      // Every segment carries the addresses the bond wrote on the super-packet.
      segment.setLinkSource(packet.linkSource());
      segment.setLinkDestination(packet.linkDestination());
      sink.accept(segment);
    }
  }
}
