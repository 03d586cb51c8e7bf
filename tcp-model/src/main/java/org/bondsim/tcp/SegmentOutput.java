package org.bondsim.tcp;

import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.SkbTruesize;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.stack.PacketOwner;
import org.bondsim.api.tcp.TcpSegment;

/**
 * {@code __tcp_transmit_skb}'s part of sending: each segment leaves with the receiver's current
 * ACK, window, SACK blocks and timestamps, is counted where {@code nstat} and {@code ss -ti} count
 * it, and charges its truesize to the socket ({@code sk_wmem_alloc}) until the NIC has sent it,
 * which is what TCP small queues read.
 *
 * <p>Split from {@link Transmitter}, which decides what goes and when; this class only puts it on
 * the host and keeps the socket's charge.
 */
final class SegmentOutput implements PacketOwner {
  private static final int IPV4_TCP_HEADERS = 40;
  // SKB_TRUESIZE(1): the least an skb with any data charges (640 bytes on x86-64).
  private static final int SKB_TRUESIZE_ONE = SkbTruesize.of(1);

  private final TcpHost context;
  private final Frame frame;
  private final int flowId;
  private final NegotiatedOptions options;
  private final TcpCounters counters;
  private final ConnectionTotals totals;
  private final Receiver receiver;
  private final AckScheduler acks;
  // 6.x's skbs: data in page fragments after a 1 KB head, pure ACKs charged 2 bytes.
  private final boolean pagedSkbs;
  // Called when the NIC has sent a packet, so the sender may go on where TSQ stopped it.
  private final Runnable txCompleted;
  // tp->tcp_wstamp_ns without pacing: when anything was last sent, -1 never.
  private long lastXmitNs = -1;
  // When data last left (tcp_sock's lsndtime), -1 before any.
  private long lastDataSentNs = -1;
  private long queuedBytes;
  private long packetNumber;

  SegmentOutput(
      TcpHost context,
      Frame frame,
      int flowId,
      NegotiatedOptions options,
      TcpCounters counters,
      ConnectionTotals totals,
      Receiver receiver,
      AckScheduler acks,
      boolean pagedSkbs,
      Runnable txCompleted) {
    this.context = context;
    this.frame = frame;
    this.flowId = flowId;
    this.options = options;
    this.counters = counters;
    this.totals = totals;
    this.receiver = receiver;
    this.acks = acks;
    this.pagedSkbs = pagedSkbs;
    this.txCompleted = txCompleted;
  }

  /** Bytes charged to the socket by packets the NIC has not sent yet ({@code sk_wmem_alloc}). */
  long queuedBytes() {
    return queuedBytes;
  }

  /** When anything was last sent, -1 never. */
  long lastXmitNs() {
    return lastXmitNs;
  }

  /** When data last left ({@code lsndtime}), -1 before any. */
  long lastDataSentNs() {
    return lastDataSentNs;
  }

  /**
   * {@code skb->truesize} of a segment or GSO packet of {@code payload} bytes: on 6.x a 1 KB head
   * and the payload in page fragments ({@code tcp_sendmsg} on a scatter-gather device), a pure ACK
   * 2 bytes; on 2.6.37 one linear buffer.
   */
  int truesize(int payload) {
    if (pagedSkbs) {
      return payload == 0 ? SkbTruesize.PURE_ACK : SkbTruesize.ofPaged(payload);
    }
    return SkbTruesize.of(payload + IPV4_TCP_HEADERS + options.optionBytes);
  }

  /**
   * Sends the queued segment at ring slot {@code slot} as it stands: its push mark, and a FIN alone
   * or on the last data segment (the FIN's sequence number carries no byte).
   */
  void emitQueued(RetransmitQueue queue, int slot, long now) {
    boolean fin = queue.has(slot, RetransmitQueue.FIN);
    emit(
        queue.start(slot),
        queue.length(slot) - (fin ? 1 : 0),
        queue.has(slot, RetransmitQueue.PUSH),
        1,
        now,
        fin ? TcpSegment.FIN : 0);
  }

  /**
   * Sends {@code len} bytes from {@code seq} as one segment, or as a GSO packet of {@code segments}
   * full segments.
   *
   * @param extraFlags flags beyond ACK and PSH ({@link TcpSegment#FIN})
   */
  void emit(long seq, int len, boolean push, int segments, long now, int extraFlags) {
    counters.outSegs += segments;
    totals.segsOut += segments;
    if (len > 0) {
      // tcp_transmit_skb: data_segs_out and bytes_sent count resends too (tcpi_bytes_sent).
      totals.dataSegsOut += segments;
      totals.bytesSent += len;
    }
    SackBlocks sack = receiver.sackBlocks();
    boolean timestamps = options.timestampsOk;
    TcpSegment segment =
        new TcpSegment(
            seq,
            receiver.rcvNxt(),
            TcpSegment.ACK | (push ? TcpSegment.PSH : 0) | extraFlags,
            receiver.window(),
            options.optionBytes + sack.optionBytes(),
            sack.current(),
            timestamps ? TcpClock.ms(context) : 0,
            timestamps ? receiver.tsRecent() : 0);
    acks.ackSent();
    receiver.ackSent();
    lastXmitNs = now;
    if (len > 0 || (extraFlags & TcpSegment.FIN) != 0) {
      lastDataSentNs = now;
    }
    int truesize = truesize(len);
    queuedBytes += truesize;
    // Only data segments are numbered in the flow the reorder meter sees; a pure ACK belongs to
    // no flow (-1), so numbering it would leave a hole the meter takes for a loss.
    long number = len > 0 ? packetNumber : 0;
    if (len > 0) {
      packetNumber += segments;
    }
    context.send(
        new Packet(
            frame,
            len,
            segment,
            len > 0 ? flowId : -1,
            number,
            now,
            this,
            truesize,
            segments > 1 ? options.mss : 0));
  }

  @Override
  public void onSegmented(Packet packet, int delta) {
    queuedBytes += delta;
  }

  @Override
  public void onTxDone(Packet packet) {
    queuedBytes = Math.max(0, queuedBytes - packet.truesize());
    // tcp_wfree (6.1): freed in ksoftirqd, "we are likely under stress", TCP small queues wait
    // until the socket's qdiscs and devices hold nothing of it (SKB_TRUESIZE(1)) to wake it.
    if (queuedBytes >= SKB_TRUESIZE_ONE && context.inKsoftirqd()) {
      return;
    }
    txCompleted.run();
  }
}
