package com.example.offload;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.offload.Upstream;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;

/**
 * Merging in the manner of Linux's old software LRO ({@code net/ipv4/inet_lro.c}, removed in 4.x),
 * on one NAPI context: a data segment joins its flow's aggregate when it continues it exactly and
 * carries nothing but ACK (and PSH, which ends the aggregate) and at most the timestamp option,
 * with a TSval no older than the aggregate's. Unlike GRO it ignores the ACK number, window and
 * TSval of the segments it merges: the aggregate carries the newest ones, so segments sent in
 * different milliseconds, or carrying different ACKs, merge where GRO would push up. At most 8
 * flows are held and 32 segments or 64 KB per aggregate; everything goes up when the poll
 * completes, as drivers called {@code lro_flush_all} at the end of their poll.
 *
 * <p>Not Linux under bonding: {@code bond_enslave} turns LRO off on every slave ({@code
 * dev_disable_lro}), which is why bondsim refuses {@code --receiver "lro on"}; this plugin is a way
 * to ask what merging of this kind would change, and an example of the offload SPI.
 */
final class LroLike implements ReceiveOffload {
  private static final int MAX_FLOWS = 8;
  private static final int MAX_SEGMENTS = 32;
  private static final int MAX_BYTES = 65536;
  // inet_lro took a segment with no options or with the timestamp option alone (12 bytes padded).
  private static final int TIMESTAMP_OPTION_BYTES = 12;

  /** One flow's aggregate. */
  private static final class Held {
    final Packet first;
    long nextSeq;
    int payload;
    int segments;
    TcpSegment last;

    Held(Packet first) {
      this.first = first;
      this.last = first.tcp();
      this.nextSeq = first.tcp().sequence() + first.payloadBytes();
      this.payload = first.payloadBytes();
      this.segments = 1;
    }
  }

  private final List<Held> held = new ArrayList<>(MAX_FLOWS);

  @Override
  public void receive(Packet frame, long nowNs, Upstream upstream) {
    Held flow = frame.tcp() != null ? find(frame) : null;
    if (!mergeable(frame)) {
      // Whatever cannot be merged goes up after its flow's aggregate, so nothing is reordered.
      if (flow != null) {
        up(flow, upstream);
      }
      upstream.up(frame, 1);
      return;
    }
    TcpSegment segment = frame.tcp();
    if (flow != null && continues(flow, frame)) {
      flow.payload += frame.payloadBytes();
      flow.nextSeq += frame.payloadBytes();
      flow.segments++;
      flow.last = segment;
      if (segment.has(TcpSegment.PSH) || flow.segments >= MAX_SEGMENTS) {
        up(flow, upstream);
      }
      return;
    }
    if (flow != null) {
      up(flow, upstream);
    }
    if (segment.has(TcpSegment.PSH)) {
      upstream.up(frame, 1);
      return;
    }
    if (held.size() >= MAX_FLOWS) {
      up(held.get(0), upstream);
    }
    held.add(new Held(frame));
  }

  /** A TCP data segment with ACK, perhaps PSH, and no option but timestamps. */
  private static boolean mergeable(Packet frame) {
    TcpSegment t = frame.tcp();
    return t != null
        && frame.frame().transport() instanceof TcpHeader
        && frame.frame().ip() != null
        && !frame.frame().ip().isFragment()
        && frame.payloadBytes() > 0
        && (t.flags() & ~TcpSegment.PSH) == TcpSegment.ACK
        && t.sack().isEmpty()
        && t.optionBytes() <= TIMESTAMP_OPTION_BYTES;
  }

  private static boolean continues(Held flow, Packet frame) {
    TcpSegment next = frame.tcp();
    return next.sequence() == flow.nextSeq
        && next.optionBytes() == flow.first.tcp().optionBytes()
        && next.tsVal() >= flow.last.tsVal()
        && flow.payload + frame.payloadBytes() + 40 + next.optionBytes() < MAX_BYTES;
  }

  private Held find(Packet frame) {
    for (Held h : held) {
      if (h.first.frame().equals(frame.frame())) {
        return h;
      }
    }
    return null;
  }

  private void up(Held flow, Upstream upstream) {
    held.remove(flow);
    if (flow.segments == 1) {
      upstream.up(flow.first, 1);
      return;
    }
    Packet first = flow.first;
    TcpSegment f = first.tcp();
    TcpSegment l = flow.last;
    // The newest ACK, window and timestamps, the first sequence number (lro_update_tcp_ip_header).
    TcpSegment merged =
        new TcpSegment(
            f.sequence(),
            l.acknowledgment(),
            f.flags() | (l.flags() & TcpSegment.PSH),
            l.window(),
            f.optionBytes(),
            f.sack(),
            l.tsVal(),
            l.tsEcr());
    upstream.up(
        new Packet(
            first.frame(),
            flow.payload,
            merged,
            first.flowId(),
            first.flowSequence(),
            first.sentAtNs(),
            null,
            0),
        flow.segments);
  }

  @Override
  public void pollExhausted(long nowNs, Upstream upstream) {
    // Drivers flushed LRO once, when the poll ended.
  }

  @Override
  public void complete(long nowNs, Upstream upstream) {
    while (!held.isEmpty()) {
      up(held.get(0), upstream);
    }
  }

  @Override
  public int held() {
    return held.size();
  }

  @Override
  public int heldFrames() {
    int frames = 0;
    for (Held h : held) {
      frames += h.segments;
    }
    return frames;
  }
}
