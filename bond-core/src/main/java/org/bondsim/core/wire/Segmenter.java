package org.bondsim.core.wire;

import java.util.function.Consumer;
import org.bondsim.api.packet.SkbTruesize;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;

/**
 * Cuts a TSO/GSO super-packet into wire segments as {@code tcp_gso_segment} does: consecutive
 * sequence numbers, the same ACK, window and options on each, PSH and FIN only on the last, CWR
 * only on the first.
 *
 * <p>Two ways to carry the socket's charge: {@link #split} gives the owner and the whole truesize
 * to the last segment (the caller decides whether its completion releases it), as a NIC's port
 * sending the segments in turn does; {@link #splitCharging} gives each segment a charge of its own
 * ({@link SkbTruesize#ofPaged}) and tells the owner the difference ({@code tcp_gso_segment}'s
 * {@code copy_destructor} path), for segments that go their separate ways, as after software GSO at
 * a bond.
 */
public final class Segmenter {
  private Segmenter() {}

  static void split(Packet packet, Consumer<Packet> sink) {
    cut(packet, sink, false);
  }

  /**
   * Cuts a super-packet into segments that each carry the owner and a charge of their own.
   *
   * @param packet the super-packet ({@link Packet#segments()} above 1)
   * @param sink takes the segments in order
   */
  public static void splitCharging(Packet packet, Consumer<Packet> sink) {
    if (packet.owner() != null) {
      int sum = 0;
      int remaining = packet.payloadBytes();
      for (int i = 0; i < packet.segments(); i++) {
        int length = Math.min(packet.gsoSize(), remaining);
        remaining -= length;
        sum += SkbTruesize.ofPaged(length);
      }
      packet.owner().onSegmented(packet, sum - packet.truesize());
    }
    cut(packet, sink, true);
  }

  private static void cut(Packet packet, Consumer<Packet> sink, boolean eachCharged) {
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
      boolean charged = eachCharged || last;
      Packet segment =
          new Packet(
              packet.frame(),
              length,
              piece,
              packet.flowId(),
              packet.flowSequence() + i,
              packet.sentAtNs(),
              charged ? packet.owner() : null,
              eachCharged ? SkbTruesize.ofPaged(length) : last ? packet.truesize() : 0);
      // Every segment carries the addresses the bond wrote on the super-packet.
      segment.setLinkSource(packet.linkSource());
      segment.setLinkDestination(packet.linkDestination());
      sink.accept(segment);
    }
  }
}
