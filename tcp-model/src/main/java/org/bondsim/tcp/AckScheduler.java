package org.bondsim.tcp;

import org.bondsim.api.stack.Timer;

/**
 * When the receiver ACKs ({@code __tcp_ack_snd_check}, {@code tcp_send_delayed_ack}): at once for
 * the first 16 segments from the first in-order one on ({@code TCP_MAX_QUICKACKS}, at most half the
 * window in segments), for two full segments unacknowledged, when a hole fills and for old data;
 * otherwise after the 40 ms delayed-ACK timer ({@code TCP_DELACK_MIN}). While the out-of-order
 * queue holds data, 2.6.37 ACKs every segment at once; current kernels send the first three
 * duplicate ACKs for a given rcv_nxt at once and then compress: one ACK after 5 % of the RTT (at
 * most tcp_comp_sack_delay_ns, 1 ms) stands for up to tcp_comp_sack_nr (44) segments ({@code
 * TCPAckCompressed}, counted when the ACK that stands for them goes, whatever sends it: {@code
 * tcp_event_ack_sent}), and new data landing in the third SACK block or beyond sends the compressed
 * ACK at once ({@link #flushCompressed}).
 */
final class AckScheduler {
  private static final long DELACK_NS = 40_000_000L;
  private static final int MAX_QUICKACKS = 16;
  private static final int COMP_SACK_NR = 44;
  private static final long COMP_SACK_DELAY_NS = 1_000_000L;
  private static final int DUPACKS_BEFORE_COMPRESSION = 3;

  private final TcpHost context;
  private final NegotiatedOptions options;
  private final TcpCounters counters;
  private final RttEstimator rtt;
  private final Jiffies jiffies;
  private final boolean compresses;
  private final Timer delackTimer;
  private final Timer compressTimer;
  private final Receiver receiver;
  // The transmitter that sends the ACK, built after this: found when an ACK is due.
  private final TcpSock sock;
  private int quickAcks;
  private boolean inOrderDataSeen;
  private boolean pending;
  private int compressedAcks;
  private int dupAcks;
  private long compressedAckRcvNxt = -1;

  AckScheduler(
      TcpHost context,
      NegotiatedOptions options,
      KernelProfile profile,
      Jiffies jiffies,
      TcpCounters counters,
      RttEstimator rtt,
      Receiver receiver,
      TcpSock sock) {
    this.context = context;
    this.receiver = receiver;
    this.sock = sock;
    this.jiffies = jiffies;
    this.options = options;
    this.counters = counters;
    this.rtt = rtt;
    this.compresses = profile.compressesSacks();
    this.delackTimer = context.newTimer(this::onDelayedAck);
    this.compressTimer = context.newTimer(this::onCompressedAck);
  }

  /** Data arrived that the next ACK must cover. */
  void dataQueued() {
    pending = true;
  }

  /**
   * Quick-ACK mode again ({@code tcp_enter_quickack_mode}, {@code tcp_incr_quickack}): the next
   * ACKs go at once, as many as half the receive window in segments, at least 2, at most {@code
   * TCP_MAX_QUICKACKS}. On old data (the sender retransmits), and on 2.6.37 on out-of-order data.
   */
  void enterQuickAck() {
    long segments = receiver.window() / (2L * Math.max(options.mss, 1));
    int quick = (int) Math.min(MAX_QUICKACKS, Math.max(segments, 2));
    quickAcks = Math.max(quickAcks, quick);
  }

  /**
   * {@code icsk_ack.quick |= 1} ({@code tcp_grow_window}): the ACK for the data that opened the
   * window goes at once.
   */
  void quickAckOnce() {
    quickAcks |= 1;
  }

  /**
   * In-order data arrived ({@code tcp_event_data_recv}): the first starts quick-ACK mode ({@code
   * icsk_ack.ato} still 0: {@code tcp_incr_quickack} with {@code TCP_MAX_QUICKACKS}); out-of-order
   * data before it finds the mode off.
   */
  void inOrderData() {
    if (!inOrderDataSeen) {
      inOrderDataSeen = true;
      enterQuickAck();
    }
  }

  /**
   * A segment went out carrying the ACK: nothing is pending, and the ACKs compressed so far were
   * compressed into it ({@code tcp_event_ack_sent}).
   */
  void ackSent() {
    counters.ackCompressed += compressedAcks;
    pending = false;
    compressedAcks = 0;
    compressTimer.cancel();
    delackTimer.cancel();
  }

  void ackNow() {
    if (quickAcks > 0) {
      quickAcks--;
    }
    sock.transmitter.sendAck();
  }

  /**
   * After a data segment was processed: ACK now, later, or compressed, in {@code
   * __tcp_ack_snd_check}'s order: more than a full segment since the last ACK or quick-ACK mode
   * first, holes or not; then the delayed ACK without holes, the duplicate ACKs and compression
   * with them. Difference: the window's advance that Linux also asks of the first is not checked.
   */
  void decide() {
    if (!pending) {
      return;
    }
    if (receiver.unacknowledged() > options.mss || quickAcks > 0) {
      ackNow();
    } else if (receiver.hasHoles()) {
      whileHolesExist();
    } else if (!delackTimer.armed()) {
      // A jiffies timer (ICSK_TIME_DACK); the SACK-compression timer below is an hrtimer.
      delackTimer.armAt(jiffies.fireAfter(context.now(), DELACK_NS));
    }
  }

  private void whileHolesExist() {
    if (!compresses || !options.sackOk || compressedAcks >= COMP_SACK_NR) {
      ackNow();
      return;
    }
    long rcvNxt = receiver.rcvNxt();
    if (compressedAckRcvNxt != rcvNxt) {
      compressedAckRcvNxt = rcvNxt;
      dupAcks = 0;
    }
    if (dupAcks < DUPACKS_BEFORE_COMPRESSION) {
      dupAcks++;
      ackNow();
      return;
    }
    compressedAcks++;
    if (compressTimer.armed()) {
      return;
    }
    long rcvRtt = receiver.rcvRttNs();
    long rttNs = rtt.hasSample() ? Math.min(rtt.srttNs(), rcvRtt) : rcvRtt;
    compressTimer.armAt(context.now() + Math.min(COMP_SACK_DELAY_NS, rttNs / 20));
  }

  /** {@code tcp_compressed_ack_kick}: the ACK it sends is one of those it stands for. */
  private void onCompressedAck() {
    if (pending) {
      flushCompressed();
    }
  }

  /**
   * {@code tcp_sack_compress_send_ack}, from {@code tcp_sack_new_ofo_skb} when new out-of-order
   * data lands in the third SACK block or beyond ({@code TCP_SACK_BLOCKS_EXPECTED}, 2: "SACK
   * packets might be lost"): while ACKs are being compressed, the compressed ACK goes now, with the
   * blocks as they were before this data. It clears the ACK this data had scheduled, so nothing
   * more is sent for it.
   *
   * @return true when an ACK went
   */
  boolean flushCompressed() {
    if (compressedAcks == 0) {
      return false;
    }
    compressedAcks--;
    ackNow();
    return true;
  }

  private void onDelayedAck() {
    if (pending) {
      counters.delayedAcks++;
      ackNow();
    }
  }
}
