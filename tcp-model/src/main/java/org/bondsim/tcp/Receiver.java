package org.bondsim.tcp;

import org.bondsim.api.tcp.TcpSegment;

/**
 * The receiving half ({@code tcp_data_queue}, {@code tcp_ofo_queue}): in-order data goes to the
 * application at once, data above a hole waits in the out-of-order queue and is reported in SACK
 * blocks, duplicates are reported by DSACK, and the window follows the autotuned buffer.
 */
final class Receiver {
  private final TcpHost context;
  private final NegotiatedOptions options;
  private final TcpCounters counters;
  private final ReceiveBuffer buffer;
  // tp->rcv_ssthresh; null when bondsim.rcv_ssthresh is off.
  private final RcvSsthresh rcvSsthresh;
  private final SackBlocks sackBlocks;
  private final SequenceRanges ofo = new SequenceRanges();
  private final TcpEndpoint.Reader reader;
  // The connection data goes up to and the scheduler that ACKs it: found when data arrives.
  private final TcpSock sock;
  private long rcvNxt;
  private int largestSegment;
  private long rcvWup;
  // tp->rx_opt.rcv_wscale: the shift this end's window field carries, 0 without scaling.
  private int rcvWscale;
  // tp->rcv_wnd: the window the last segment sent offered, from rcv_wup.
  private long rcvWnd;
  private long tsRecent;
  private long bytesRead;
  // tcp_rcv_rtt_est, which paces autotuning and SACK compression.
  private final ReceiverRtt receiverRtt;
  // icsk_ack.lrcvtime: when the connection was established or in-order data last arrived.
  private long lastReceivedNs;
  private final boolean quickAckOnOutOfOrder;

  Receiver(
      TcpHost context,
      NegotiatedOptions options,
      TcpSettings settings,
      TcpCounters counters,
      TcpEndpoint.Reader reader,
      long requestedBuffer,
      TcpSock sock) {
    this.context = context;
    this.sock = sock;
    this.options = options;
    this.counters = counters;
    this.reader = reader;
    this.buffer =
        new ReceiveBuffer(
            settings.profile(),
            settings.rmemDefault(),
            settings.rmemMax(),
            requestedBuffer,
            settings.jiffies());
    this.rcvSsthresh =
        settings.windowGrowth() ? new RcvSsthresh(settings.profile(), settings.rmemMax()) : null;
    this.sackBlocks = new SackBlocks(options, settings, counters);
    this.quickAckOnOutOfOrder = settings.profile().quickAckOnOutOfOrder();
    this.receiverRtt = new ReceiverRtt(settings.profile().receiveAutotuning(), settings.jiffies());
  }

  /**
   * {@code tcp_init_buffer_space}, at establishment: autotuning's first measure starts from the
   * window the handshake offered.
   *
   * @param windowScale the shift of the window field this end sends, 0 when scaling is not in use
   */
  void initBufferSpace(int windowScale) {
    rcvWscale = windowScale;
    buffer.start(rcvWnd, options.mss, context.now());
    if (rcvSsthresh != null) {
      rcvSsthresh.start(buffer.window(), advmss());
    }
  }

  /**
   * The window a SYN or SYN-ACK offers ({@code tcp_select_initial_window}): the buffer's window
   * rounded down to whole segments of {@code mss} when larger than one, at most 65535 (a SYN's
   * window is never scaled) and at most the era's first window ({@link RcvSsthresh}, which starts
   * rcv_ssthresh at that window before the 65535 cap); it is also the first {@code rcv_wnd}.
   *
   * @param mss the segment size the window is counted in
   * @return bytes
   */
  long synWindow(int mss) {
    long space = buffer.window();
    if (space > mss) {
      space -= space % mss;
    }
    if (rcvSsthresh != null) {
      // rcv_ssthresh starts at tp->rcv_wnd, which only the SYN's 16-bit field caps at 65535.
      space = rcvSsthresh.initialWindow(space, mss);
    }
    rcvWnd = Math.min(space, 65535);
    return rcvWnd;
  }

  /**
   * {@code icsk_ack.lrcvtime = now}: the connection is established ({@code tcp_finish_connect},
   * {@code tcp_create_openreq_child}) or in-order data arrived ({@code tcp_event_data_recv}).
   */
  void markReceived() {
    lastReceivedNs = context.now();
  }

  /** The instant {@link #markReceived()} last ran ({@code lrcvtime}). */
  long lastReceivedNs() {
    return lastReceivedNs;
  }

  /**
   * {@code icsk_ack.rcv_mss}: 536 ({@code TCP_MSS_DEFAULT}, as {@code tcp_initialize_rcv_mss} caps
   * it) or this end's MSS if smaller, until a larger segment arrives.
   */
  int rcvMss() {
    return Math.max(largestSegment, Math.min(options.mss, 536));
  }

  long rcvNxt() {
    return rcvNxt;
  }

  /**
   * The window to offer ({@code __tcp_select_window}): the buffer's, at most rcv_ssthresh, rounded
   * up to what the window scale in use can say ({@code ALIGN(window, 1 << rcv_wscale)}), so that
   * the field a segment carries holds it exactly. With {@code bondsim.rcv_ssthresh} off, the
   * buffer's window as it is, as bondsim offered it before.
   */
  long window() {
    if (rcvSsthresh == null) {
      return buffer.window();
    }
    long window = Math.min(buffer.window(), rcvSsthresh.value());
    long unit = 1L << rcvWscale;
    return (window + unit - 1) / unit * unit;
  }

  long tsRecent() {
    return tsRecent;
  }

  long bytesRead() {
    return bytesRead;
  }

  /**
   * The receiver's RTT for SACK compression: {@code tcp_rcv_rtt_est} (0 before its first sample),
   * or under the older autotuning reading the last echo's.
   */
  long rcvRttNs() {
    return receiverRtt.rttNs();
  }

  boolean hasHoles() {
    return !ofo.isEmpty();
  }

  /** Bytes received in order since the last ACK went out. */
  long unacknowledged() {
    return rcvNxt - rcvWup;
  }

  SackBlocks sackBlocks() {
    return sackBlocks;
  }

  /** A SYN's timestamp seeds ts_recent. */
  void seedTimestamp(long tsVal) {
    tsRecent = tsVal;
  }

  /**
   * {@code tcp_replace_ts_recent}: a segment that starts at or below the last ACKed point ({@code
   * rcv_wup}) and whose timestamp is not older than ts_recent ({@code tcp_paws_check} with no
   * window) updates ts_recent, so it only moves forward.
   */
  void onTimestamp(long sequence, long tsVal) {
    if (options.timestampsOk
        && sequence <= rcvWup
        && tsVal != 0
        && Paws.check(tsRecent, tsVal, 0)) {
      tsRecent = tsVal;
    }
  }

  /**
   * {@code tcp_sequence}'s old-sequence test for a segment that carries data or a FIN: it ends
   * ({@code end_seq}) before {@code rcv_wup}, the point the last ACK sent acknowledged. Pure ACKs
   * are not judged here: a peer's ACK carries its own snd_nxt, which does not fall behind.
   *
   * @param segment the segment
   * @param payload its payload bytes
   * @return true when {@code tcp_validate_incoming} would drop it as old
   */
  boolean endsBeforeLastAck(TcpSegment segment, int payload) {
    int fin = segment.has(TcpSegment.FIN) ? 1 : 0;
    return payload + fin > 0 && segment.sequence() + payload + fin < rcvWup;
  }

  /**
   * {@code tcp_send_dupack} for a segment PAWS or the sequence check discarded: old data (it starts
   * below rcv_nxt) is reported in a DSACK and puts the receiver in quick-ACK mode ({@code
   * TcpExtDelayedACKLost}); an ACK goes out at once in any case.
   *
   * @param seq the segment's sequence number
   * @param len its payload bytes
   */
  void sendDupack(long seq, int len) {
    if (len > 0 && seq < rcvNxt) {
      counters.delayedAckLost++;
      sock.acks.enterQuickAck();
      sackBlocks.setDsack(seq, Math.min(seq + len, rcvNxt), true);
    }
    sock.acks.ackNow();
  }

  /**
   * A segment's echo gives the receiver an RTT sample ({@code tcp_rcv_rtt_measure_ts}; {@link
   * ReceiverRtt} says which).
   *
   * @param tsEcr the echoed timestamp, 0 for none
   * @param payload the segment's payload bytes
   */
  void onEcho(long tsEcr, int payload) {
    if (!options.timestampsOk || tsEcr == 0) {
      return;
    }
    receiverRtt.onEcho(tsEcr, payload, rcvMss(), TcpClock.ms(context));
  }

  /**
   * {@code tcp_receive_window}: what is left of the window last offered, from rcv_nxt.
   *
   * @return bytes, 0 or more
   */
  long receiveWindow() {
    return Math.max(0, rcvWup + rcvWnd - rcvNxt);
  }

  /**
   * Every segment sent carries the current ACK and window ({@code tcp_event_ack_sent}, {@code
   * tcp_select_window}).
   */
  void ackSent() {
    rcvWnd = window();
    rcvWup = rcvNxt;
    sackBlocks.dsackSent();
  }

  /**
   * The peer's FIN at {@code seq}: in order, it takes one sequence number ({@code tcp_fin}).
   * Difference: a FIN that arrives out of order is not queued; the peer's retransmission brings it.
   *
   * @return whether it was in order
   */
  boolean receiveFin(long seq) {
    if (seq != rcvNxt) {
      return false;
    }
    rcvNxt++;
    return true;
  }

  /**
   * {@code tcp_data_queue} for {@code len} bytes at {@code seq}. Data that starts at or beyond the
   * right edge of the window last offered is dropped and answered at once ({@code tcp_sequence} and
   * {@code tcp_data_queue}'s {@code out_of_window}; {@code TcpExtTCPZeroWindowDrop} when the window
   * was closed); a segment that starts inside it is taken whole, as Linux does.
   *
   * @return how far rcv_nxt moved ({@code tcp_rcv_nxt_update}'s {@code bytes_received}: no
   *     duplicate counts)
   */
  long receiveData(long seq, int len) {
    long before = rcvNxt;
    queueData(seq, len);
    return rcvNxt - before;
  }

  private void queueData(long seq, int len) {
    long end = seq + len;
    if (end > rcvNxt && seq >= rcvNxt + receiveWindow()) {
      if (seq == rcvNxt) {
        counters.zeroWindowDrop++;
      }
      if (seq == rcvNxt + receiveWindow()) {
        // tcp_data_queue's out_of_window (tcp_sequence let it through): quick-ACK mode.
        sock.acks.enterQuickAck();
      }
      sock.acks.ackNow();
      return;
    }
    // tcp_measure_rcv_mss, less its small-segment heuristics: the largest segment seen.
    largestSegment = Math.max(largestSegment, len);
    if (end <= rcvNxt) {
      // Entirely old: the ACK for it was lost or it was retransmitted needlessly.
      counters.delayedAckLost++;
      sackBlocks.setDsack(seq, end, true);
      sock.acks.enterQuickAck();
      sock.acks.ackNow();
      return;
    }
    if (seq <= rcvNxt) {
      if (seq < rcvNxt) {
        sackBlocks.setDsack(seq, rcvNxt, true);
      }
      rcvNxt = end;
      markReceived();
      // tcp_event_data_recv runs tcp_rcv_rtt_measure once the segment is queued.
      receiverRtt.onInOrderData(rcvNxt, rcvWnd, context.now());
      sock.acks.inOrderData();
      growWindow(len, true);
      boolean hadHoles = !ofo.isEmpty();
      rcvNxt = ofo.drain(rcvNxt);
      sackBlocks.dropBelow(rcvNxt);
      sock.acks.dataQueued();
      if (hadHoles && ofo.isEmpty()) {
        // The gap is filled: ACK now (ICSK_ACK_NOW).
        sock.acks.ackNow();
      }
      deliver(rcvNxt - bytesRead);
      return;
    }
    counters.ofoQueue++;
    if (quickAckOnOutOfOrder) {
      sock.acks.enterQuickAck();
    }
    int first = ofo.firstEndingAbove(seq);
    boolean held = ofo.holds(first, seq, end);
    if (held) {
      sackBlocks.setDsack(seq, end, false);
    }
    int range = ofo.add(seq, end, first);
    if (!held) {
      // tcp_data_queue_ofo drops a segment it already holds before it would grow the window, and
      // grows rcv_ssthresh before 6.17's tcp_rcvbuf_grow grows the buffer.
      growWindow(len, false);
    }
    buffer.onOutOfOrder(ofo.end(ofo.size() - 1) - rcvNxt);
    // A compressed ACK forced out before the blocks change clears what this data scheduled.
    boolean flushed = sackBlocks.landsBeyondSecond(seq, end) && sock.acks.flushCompressed();
    sackBlocks.onOutOfOrder(ofo.start(range), ofo.end(range));
    if (!flushed) {
      // When to ACK is decided once, after the segment's ACK part (tcp_ack_snd_check).
      sock.acks.dataQueued();
    }
  }

  /** {@code tp->advmss}: the MSS this end's SYN offered, from its MTU. */
  private int advmss() {
    return context.mtu() - 40;
  }

  /** {@code tcp_grow_window}: a window that grew is announced by a quick ACK. */
  private void growWindow(int len, boolean inOrder) {
    if (rcvSsthresh != null
        && rcvSsthresh.grow(len, inOrder, options.sackOk, buffer.window(), advmss(), rcvMss())) {
      sock.acks.quickAckOnce();
    }
  }

  private void deliver(long bytes) {
    if (bytes <= 0) {
      return;
    }
    bytesRead += bytes;
    buffer.onRead(bytesRead, context.now(), receiverRtt, options.mss);
    reader.read(sock.endpoint, bytes);
  }
}
