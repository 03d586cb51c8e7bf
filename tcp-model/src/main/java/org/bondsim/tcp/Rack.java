package org.bondsim.tcp;

/**
 * RACK-TLP's loss detection ({@code net/ipv4/tcp_recovery.c}, RFC 8985): a segment is lost when a
 * segment sent after it was delivered more than one RTT plus a reordering window ago. The state
 * also advances when RACK is off, as Linux's {@code tcp_rack_advance} does on every delivery.
 *
 * <p>The reordering window is min_rtt/4, widened by one step per round trip that brings a DSACK
 * after reordering was seen and kept for 16 recoveries that end without an undo ({@code
 * tcp_rack_update_reo_wnd}); it is zero before any reordering once recovery began or the SACKed
 * count reached tcp_reordering. A round trip is Linux's: the ACK's newest delivered segment was
 * sent after the last widening ({@code rs->prior_delivered} against {@code rack.last_delivered}).
 *
 * <p>A retransmission is examined like any segment, by the time it was sent again: when a segment
 * sent after it is delivered and its RTT plus the window pass, it is lost again ({@code
 * TCPLostRetransmit}) and retransmitted once more without waiting for the RTO.
 */
final class Rack implements LossDetection {
  /** {@code TCP_TIMEOUT_MIN_US}: the slack tcp_rack_mark_lost adds to the reorder timer. */
  private static final long TIMEOUT_MIN_NS = 2_000_000L;

  /** {@code TCP_TIMEOUT_MIN}: the same slack in ticks, as kernels before 1c2709cfff1d add it. */
  static final long TIMEOUT_MIN_TICKS = 2;

  /** {@code TCP_RACK_RECOVERY_THRESH}: recoveries a widened window is kept for. */
  private static final int RECOVERY_THRESH = 16;

  private final TcpHost context;
  private final RttEstimator rtt;
  private final boolean adaptiveWindow;
  private final Jiffies jiffies;
  private final boolean tickFloor;
  private final ReorderingEstimator reordering;
  // The queue it walks, the recovery it consults, its reorder timer: found when it runs.
  private final TcpSock sock;
  private long xmitTime;
  private long endSeq;
  private long rttNs;
  private int reoWndSteps = 1;
  private int reoWndPersist;
  private long reoWndLastDelivered;
  private boolean dsackSeen;
  // tp->rack.advanced: something was delivered (or undone) since the queue was last examined.
  private boolean advanced;
  // tcp_rack_mark_lost's answer on the ACK being processed: it armed the reorder timer.
  private boolean armedOnAck;

  /**
   * @param context the run's clock
   * @param rtt the connection's RTT estimator (min_rtt, srtt)
   * @param recoverySysctl {@code tcp_recovery}; bit 2 ({@code TCP_RACK_STATIC_REO_WND}) keeps the
   *     window static
   * @param jiffies the kernel's tick, which the reorder timer counts in
   * @param tickFloor whether the timer's 2-tick floor is added after rounding (before Linux
   *     1c2709cfff1d) rather than 2 ms before it
   * @param reordering the connection's reordering level
   * @param sock where the queue, the recovery state and the reorder timer are found
   */
  Rack(
      TcpHost context,
      RttEstimator rtt,
      int recoverySysctl,
      Jiffies jiffies,
      boolean tickFloor,
      ReorderingEstimator reordering,
      TcpSock sock) {
    this.context = context;
    this.reordering = reordering;
    this.sock = sock;
    this.rtt = rtt;
    this.adaptiveWindow = (recoverySysctl & 2) == 0;
    this.jiffies = jiffies;
    this.tickFloor = tickFloor;
  }

  /**
   * {@code tcp_rack_advance}, for each segment an ACK delivers in the order Linux visits them (SACK
   * blocks by sequence, then the cumulative ACK): remembers the most recently sent one delivered
   * (ties broken by sequence) as the reference, and takes the RTT of the segment just delivered,
   * whichever it is, as RACK's RTT. With reordering the last one visited is often an old segment
   * that came late, and its longer RTT gives the others more time. A retransmission delivered
   * sooner than min_rtt after it was sent is taken for the original's delivery and skipped.
   */
  void advance(long sentAt, long end, long now, boolean retransmitted) {
    if (retransmitted && now - sentAt < rtt.minRttNs()) {
      return;
    }
    advanced = true;
    rttNs = now - sentAt;
    if (sentAt > xmitTime || (sentAt == xmitTime && end > endSeq)) {
      xmitTime = sentAt;
      endSeq = end;
    }
  }

  /**
   * {@code tcp_clean_rtx_queue}'s call for a retransmitted segment the cumulative ACK releases:
   * RACK takes the retransmission's send time unless {@code tcp_skb_spurious_retrans} finds the
   * echoed timestamp ({@code tsEcr}, 0 for none) older than it, so that an earlier copy arrived.
   */
  void advanceOnRetransmissionAcked(long sentAt, long end, long now, long tsEcr) {
    if (tsEcr == 0 || tsEcr >= TcpClock.msAt(sentAt)) {
      advance(sentAt, end, now, true);
    }
  }

  /**
   * {@code tcp_undo_cwnd_reduction}: after an undo RACK looks at the queue again on the next ACK
   * ("Force RACK to re-exam losses").
   */
  void recheck() {
    advanced = true;
  }

  /** {@code tp->rack.rtt_us}: the RTT of the segment delivered last, 0 before any. */
  long rttNs() {
    return rttNs;
  }

  private boolean sentAfterReference(int slot) {
    long sent = sock.queue.sentAt(slot);
    return sent > xmitTime || (sent == xmitTime && sock.queue.end(slot) > endSeq);
  }

  long reoWindowNs() {
    if (!reordering.seen()
        && (sock.recovery.inRecoveryOrLoss() || sock.queue.sackedOut() >= reordering.level())) {
      return 0;
    }
    return Math.min(rtt.minRttNs() / 4 * reoWndSteps, rtt.srttNs());
  }

  /**
   * {@code tcp_dsack_seen}: a DSACK that arrives once reordering was seen, and that does not answer
   * a tail loss probe ({@code FLAG_DSACK_TLP}), asks for a wider window. The request waits for an
   * ACK that delivers something ({@link #updateReoWnd}); an old ACK may make it but never grants
   * it.
   */
  void onDsack(boolean answersProbe) {
    if (reordering.seen() && !answersProbe) {
      dsackSeen = true;
    }
  }

  /**
   * {@code tcp_rack_update_reo_wnd}, on every ACK that reaches {@code tcp_clean_rtx_queue}: a
   * pending DSACK widens the window by a step unless the ACK's newest delivered segment was sent
   * before the last widening (a round trip has not passed); with no widening left to keep, the
   * window falls back to one step.
   *
   * @param priorDelivered the rate sample's {@code prior_delivered}; 0 or less: no sample
   * @param delivered {@code tp->delivered} after the ACK
   */
  void updateReoWnd(long priorDelivered, long delivered) {
    if (!adaptiveWindow || priorDelivered <= 0) {
      return;
    }
    if (priorDelivered < reoWndLastDelivered) {
      dsackSeen = false;
    }
    if (dsackSeen) {
      reoWndSteps = Math.min(255, reoWndSteps + 1);
      dsackSeen = false;
      reoWndLastDelivered = delivered;
      reoWndPersist = RECOVERY_THRESH;
    } else if (reoWndPersist == 0) {
      reoWndSteps = 1;
    }
  }

  /** {@code tcp_try_undo_recovery} without an undo: one fewer recovery to keep the window for. */
  void onRecoveryNotUndone() {
    if (reoWndPersist > 0) {
      reoWndPersist--;
    }
  }

  /** {@code tcp_try_undo_dsack}: an undo by DSACK keeps the widened window one recovery longer. */
  void onDsackUndo() {
    reoWndPersist = Math.min(RECOVERY_THRESH, reoWndPersist + 1);
  }

  /**
   * {@code tcp_rack_mark_lost}, on an ACK: nothing to do unless a delivery (or an undo) advanced
   * RACK since the last look; otherwise detects losses and arms the reorder timer for the longest
   * wait among the rest, plus {@code TCP_TIMEOUT_MIN_US} (2 ms) before rounding to ticks, or,
   * before 1c2709cfff1d, {@code TCP_TIMEOUT_MIN} (2 ticks) after it.
   */
  @Override
  public void markLosses() {
    if (!advanced) {
      return;
    }
    advanced = false;
    long now = context.now();
    long longestWait = detectLoss();
    if (longestWait > 0) {
      long ticks =
          tickFloor
              ? jiffies.ticks(longestWait) + TIMEOUT_MIN_TICKS
              : jiffies.ticks(longestWait + TIMEOUT_MIN_NS);
      sock.reorderTimer.armAt(jiffies.fireAt(now, ticks));
      armedOnAck = true;
    }
  }

  /** An ACK's processing starts: RACK has armed nothing on it yet. */
  void startAck() {
    armedOnAck = false;
  }

  /**
   * Whether {@link #markLosses} armed the reorder timer on the ACK being processed ({@code
   * tcp_identify_packet_loss} then clears {@code FLAG_SET_XMIT_TIMER}: the timer is RACK's).
   */
  boolean armedOnAck() {
    return armedOnAck;
  }

  /**
   * {@code tcp_rack_reo_timeout}'s look at the queue: marks what is late now and arms nothing; the
   * next ACK that delivers something looks again ({@link #markLosses}).
   */
  void markLossesOnTimeout() {
    detectLoss();
  }

  /**
   * {@code tcp_rack_detect_loss}: walks the segments in the order they were last sent ({@code
   * tsorted_sent_queue}, SACKed ones not on it), stops at the first sent after the reference and
   * marks those older than RACK's RTT plus the window lost. A segment sent at the reference's own
   * instant but above its end is passed over, as Linux's tie-break by sequence does.
   *
   * @return the longest wait among the segments not lost yet ("Record maximum wait time"), 0 if
   *     none
   */
  private long detectLoss() {
    long now = context.now();
    long window = reoWindowNs();
    long longestWait = 0;
    for (int slot = sock.queue.firstSent(); slot >= 0; slot = sock.queue.nextSent(slot)) {
      long sent = sock.queue.sentAt(slot);
      if (sent > xmitTime) {
        break;
      }
      // Lost and not yet retransmitted: nothing to decide. A retransmission, lost or not, is
      // judged by its own send time like any segment (tcp_rack_detect_loss).
      if (sentAfterReference(slot)
          || (sock.queue.has(slot, RetransmitQueue.LOST)
              && !sock.queue.has(slot, RetransmitQueue.RETRANS))) {
        continue;
      }
      long remaining = sent + rttNs + window - now;
      if (remaining <= 0) {
        sock.queue.markLost(slot);
      } else {
        longestWait = Math.max(longestWait, remaining);
      }
    }
    return longestWait;
  }

  @Override
  public boolean timeToRecover() {
    return sock.queue.lostOut() > 0;
  }

  @Override
  public boolean marksHeadWhenRecovering() {
    return false;
  }
}
