package org.bondsim.gro;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.offload.Upstream;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;

/**
 * GRO for TCP on one NAPI context, with Linux's merge and flush rules ({@code dev_gro_receive},
 * {@code tcp_gro_receive}; reference brief §2): a segment joins the held packet of its flow only if
 * it continues it exactly (sequence), carries the same ACK, flags (PSH, FIN, CWR aside), window and
 * options (timestamps, SACK) and is no larger than the first segment, and the aggregate stays under
 * 64 KB; PSH, URG, RST, SYN, FIN and short segments push the packet up; a segment that cannot join
 * pushes the held one up and is held in its place. GRO never reorders a flow and never merges
 * frames of different flows (and, being per NAPI, of different devices).
 *
 * <p>Current kernels keep 8 buckets of up to 8 packets (bucket = flow hash & 7), evict the oldest
 * of a full bucket, and flush at the end of a poll that used its whole weight the packets held
 * since an earlier millisecond. 2.6.37 keeps one list of at most 8 (a new flow finding it full goes
 * up unheld), never flushes when the weight is used up and flushes its list youngest first. Its
 * {@code skb_gro_receive} limits an aggregate by what the driver built: a linear skb (e1000e's
 * {@code e1000_clean_rx_irq}, standard MTU) goes the frag_list path, bounded only by 64 KB; a
 * page-based one (e1000e's packet split for jumbo frames, {@code e1000_clean_rx_irq_ps}, one 4 KB
 * page per 4 KB of payload) goes the fragments path, bounded by {@code MAX_SKB_FRAGS} (18): six
 * 9000-byte frames.
 *
 * <p>3.16 ({@code net/core/dev.c}) sits between: one list of at most 8, as 2.6.37, but a new flow
 * finding it full pushes the oldest up ({@code dev_gro_receive}), a poll that used its whole weight
 * flushes what was held since an earlier tick ({@code napi_gro_flush(n, HZ >= 1000)}; the model
 * takes HZ as 1000 there, where a lower HZ flushes everything), and the list is flushed oldest
 * first. Its aggregates are bounded by 64 KB only: how its drivers (igb) lay out an skb is not
 * modelled.
 *
 * <p>Not modelled: IP ID, TTL and TOS checks (the model's frames of a flow agree on them), {@code
 * gro_flush_timeout}, BIG TCP.
 */
final class TcpGro implements ReceiveOffload {
  private static final int MAX_HELD = 8;
  private static final int MAX_BYTES = 65536;
  private static final int MAX_SKB_FRAGS = 18;
  private static final int PAGE_BYTES = 4096;
  // The largest TCP payload of a standard 1500-byte frame: e1000e builds linear skbs up to it.
  private static final int LINEAR_MAX_PAYLOAD = 1460;
  private static final int FLUSH_FLAGS =
      TcpSegment.URG | TcpSegment.PSH | TcpSegment.RST | TcpSegment.SYN | TcpSegment.FIN;
  private static final int IGNORED_FLAGS = TcpSegment.FIN | TcpSegment.PSH | TcpSegment.CWR;

  /** Which kernel's rules. */
  enum Rules {
    /** 2.6.37's. */
    LINUX_2_6_37,
    /** 3.16's. */
    LINUX_3_16,
    /** Since 4.19's eight buckets. */
    CURRENT
  }

  private final Rules rules;
  private final List<List<Held>> buckets = new ArrayList<>();

  /** One held aggregate. */
  private static final class Held {
    final Packet first;
    final long heldAtMs;
    final int mss;
    // 2.6.37's limit for this flow's segment size, fixed with the first segment.
    final int legacyMaxSegments;
    long nextSeq;
    int payload;
    int segments;
    int flags;

    Held(Packet first, long nowNs) {
      this.first = first;
      this.heldAtMs = nowNs / 1_000_000L;
      this.mss = first.payloadBytes();
      this.legacyMaxSegments = legacyMaxSegments(mss);
      this.nextSeq = first.tcp().sequence() + first.payloadBytes();
      this.payload = first.payloadBytes();
      this.segments = 1;
      this.flags = first.tcp().flags();
    }
  }

  TcpGro(Rules rules) {
    this.rules = rules;
    int count = rules == Rules.CURRENT ? 8 : 1;
    for (int i = 0; i < count; i++) {
      buckets.add(new ArrayList<>(MAX_HELD));
    }
  }

  @Override
  public int held() {
    int held = 0;
    for (List<Held> bucket : buckets) {
      held += bucket.size();
    }
    return held;
  }

  @Override
  public int heldFrames() {
    int frames = 0;
    for (List<Held> bucket : buckets) {
      for (Held held : bucket) {
        frames += held.segments;
      }
    }
    return frames;
  }

  private List<Held> bucketOf(Frame frame) {
    return buckets.get(rules == Rules.CURRENT ? frame.hashCode() & 7 : 0);
  }

  private static boolean isTcp(Packet packet) {
    return packet.tcp() != null
        && packet.frame().transport() instanceof TcpHeader
        && packet.frame().ip() != null
        && !packet.frame().ip().isFragment();
  }

  @Override
  public void receive(Packet frame, long nowNs, Upstream upstream) {
    if (!isTcp(frame)) {
      upstream.up(frame, 1);
      return;
    }
    List<Held> bucket = bucketOf(frame.frame());
    Held held = find(bucket, frame.frame());
    TcpSegment segment = frame.tcp();
    int length = frame.payloadBytes();
    if (length == 0 || segment.has(TcpSegment.CWR)) {
      // A pure ACK is never held, and completes its flow's aggregate; CWR never merges.
      if (held != null) {
        complete(bucket, held, upstream);
      }
      upstream.up(frame, 1);
      return;
    }
    if (held != null && mergeable(held, frame)) {
      held.payload += length;
      held.segments++;
      held.nextSeq += length;
      held.flags |= segment.flags() & (TcpSegment.PSH | TcpSegment.FIN);
      if ((segment.flags() & FLUSH_FLAGS) != 0 || length < held.mss) {
        complete(bucket, held, upstream);
      }
      return;
    }
    if (held != null) {
      complete(bucket, held, upstream);
    }
    if ((segment.flags() & FLUSH_FLAGS) != 0) {
      upstream.up(frame, 1);
      return;
    }
    if (bucket.size() >= MAX_HELD) {
      if (rules == Rules.LINUX_2_6_37) {
        upstream.up(frame, 1);
        return;
      }
      complete(bucket, bucket.get(0), upstream);
    }
    bucket.add(new Held(frame, nowNs));
  }

  private static Held find(List<Held> bucket, Frame flow) {
    for (Held held : bucket) {
      if (held.first.frame().equals(flow)) {
        return held;
      }
    }
    return null;
  }

  private boolean mergeable(Held held, Packet frame) {
    TcpSegment first = held.first.tcp();
    TcpSegment next = frame.tcp();
    int length = frame.payloadBytes();
    return next.sequence() == held.nextSeq
        && next.acknowledgment() == first.acknowledgment()
        && (next.flags() & ~IGNORED_FLAGS) == (first.flags() & ~IGNORED_FLAGS)
        && next.window() == first.window()
        && next.optionBytes() == first.optionBytes()
        && next.tsVal() == first.tsVal()
        && next.tsEcr() == first.tsEcr()
        && next.sack().equals(first.sack())
        && length <= held.mss
        && held.payload + length + 40 + first.optionBytes() < MAX_BYTES
        && (rules != Rules.LINUX_2_6_37 || held.segments < held.legacyMaxSegments);
  }

  /** 2.6.37's segment limit for a flow of {@code mss}-byte segments (see the class comment). */
  static int legacyMaxSegments(int mss) {
    if (mss <= LINEAR_MAX_PAYLOAD) {
      return Integer.MAX_VALUE;
    }
    return Math.max(1, MAX_SKB_FRAGS / ((mss + PAGE_BYTES - 1) / PAGE_BYTES));
  }

  private static void complete(List<Held> bucket, Held held, Upstream upstream) {
    bucket.remove(held);
    upstream.up(aggregate(held), held.segments);
  }

  private static Packet aggregate(Held held) {
    if (held.segments == 1) {
      return held.first;
    }
    Packet first = held.first;
    TcpSegment t = first.tcp();
    TcpSegment merged =
        new TcpSegment(
            t.sequence(),
            t.acknowledgment(),
            held.flags,
            t.window(),
            t.optionBytes(),
            t.sack(),
            t.tsVal(),
            t.tsEcr());
    return new Packet(
        first.frame(),
        held.payload,
        merged,
        first.flowId(),
        first.flowSequence(),
        first.sentAtNs(),
        null,
        0);
  }

  @Override
  public void pollExhausted(long nowNs, Upstream upstream) {
    if (rules == Rules.LINUX_2_6_37) {
      return;
    }
    // napi_gro_flush(napi, HZ >= 1000): only packets held since an earlier jiffy (1 ms) go up.
    long nowMs = nowNs / 1_000_000L;
    for (List<Held> bucket : buckets) {
      while (!bucket.isEmpty() && bucket.get(0).heldAtMs < nowMs) {
        complete(bucket, bucket.get(0), upstream);
      }
    }
  }

  @Override
  public void complete(long nowNs, Upstream upstream) {
    for (List<Held> bucket : buckets) {
      if (rules == Rules.LINUX_2_6_37) {
        // 2.6.37 flushed its single list youngest first; 3.16's napi_gro_flush walks it back from
        // the oldest.
        while (!bucket.isEmpty()) {
          complete(bucket, bucket.get(bucket.size() - 1), upstream);
        }
      } else {
        while (!bucket.isEmpty()) {
          complete(bucket, bucket.get(0), upstream);
        }
      }
    }
  }
}
