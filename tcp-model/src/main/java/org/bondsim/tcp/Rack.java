package org.bondsim.tcp;

import org.bondsim.api.workload.Timer;
import org.bondsim.api.workload.WorkloadContext;

/**
 * RACK-TLP's loss detection ({@code net/ipv4/tcp_recovery.c}, RFC 8985): a segment is lost when a
 * segment sent after it was delivered more than one RTT plus a reordering window ago. The state
 * also advances when RACK is off, as Linux's {@code tcp_rack_advance} does on every delivery.
 *
 * <p>The reordering window is min_rtt/4, widened by one step per round trip that brings a DSACK
 * after reordering was seen and kept for 16 recoveries ({@code tcp_rack_update_reo_wnd}); it is
 * zero before any reordering once recovery began or the SACKed count reached tcp_reordering.
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

  private final WorkloadContext context;
  private final RttEstimator rtt;
  private final boolean adaptiveWindow;
  private final Jiffies jiffies;
  private final boolean tickFloor;
  private RetransmitQueue queue;
  private ReorderingEstimator reordering;
  private Recovery recovery;
  private Timer timer;
  private long xmitTime;
  private long endSeq;
  private long rttNs;
  private int reoWndSteps = 1;
  private int reoWndPersist;
  private long reoWndLastDelivered = -1;

  /**
   * @param context the run's clock
   * @param rtt the connection's RTT estimator (min_rtt, srtt)
   * @param recoverySysctl {@code tcp_recovery}; bit 2 ({@code TCP_RACK_STATIC_REO_WND}) keeps the
   *     window static
   * @param jiffies the kernel's tick, which the reorder timer counts in
   * @param tickFloor whether the timer's 2-tick floor is added after rounding (before Linux
   *     1c2709cfff1d) rather than 2 ms before it
   */
  Rack(
      WorkloadContext context,
      RttEstimator rtt,
      int recoverySysctl,
      Jiffies jiffies,
      boolean tickFloor) {
    this.context = context;
    this.rtt = rtt;
    this.adaptiveWindow = (recoverySysctl & 2) == 0;
    this.jiffies = jiffies;
    this.tickFloor = tickFloor;
  }

  void wire(RetransmitQueue queue, ReorderingEstimator reordering, Recovery recovery, Timer timer) {
    this.queue = queue;
    this.reordering = reordering;
    this.recovery = recovery;
    this.timer = timer;
  }

  /**
   * Remembers the most recently sent delivered segment (ties broken by sequence). A retransmission
   * delivered sooner than min_rtt after it was sent is taken for the original's delivery and
   * skipped, as Linux does.
   */
  void advance(long sentAt, long end, long now, boolean retransmitted) {
    if (retransmitted && now - sentAt < rtt.minRttNs()) {
      return;
    }
    if (sentAt > xmitTime || (sentAt == xmitTime && end > endSeq)) {
      xmitTime = sentAt;
      endSeq = end;
      rttNs = now - sentAt;
    }
  }

  /** {@code tp->rack.rtt_us}: the RTT of the most recently sent segment delivered, 0 before any. */
  long rttNs() {
    return rttNs;
  }

  private boolean sentAfterReference(int slot) {
    long sent = queue.sentAt(slot);
    return sent > xmitTime || (sent == xmitTime && queue.end(slot) > endSeq);
  }

  long reoWindowNs() {
    if (!reordering.seen()
        && (recovery.inRecoveryOrLoss() || queue.sackedOut() >= reordering.level())) {
      return 0;
    }
    return Math.min(rtt.minRttNs() / 4 * reoWndSteps, rtt.srttNs());
  }

  /** A DSACK after reordering was seen widens the window by a step, once per round trip. */
  void onDsack(long delivered) {
    if (adaptiveWindow && reordering.seen() && delivered > reoWndLastDelivered) {
      reoWndSteps = Math.min(255, reoWndSteps + 1);
      reoWndPersist = 16;
      reoWndLastDelivered = delivered + queue.packetsInFlight();
    }
  }

  /** A recovery that ended without undo counts against a widened window. */
  void onRecoveryNotUndone() {
    if (reoWndPersist > 0 && --reoWndPersist == 0) {
      reoWndSteps = 1;
    }
  }

  /**
   * {@code tcp_rack_detect_loss}: walks the segments in the order they were last sent ({@code
   * tsorted_sent_queue}, SACKed ones not on it), stops at the first sent after the reference, marks
   * those older than RACK's RTT plus the window lost and arms the reorder timer for the longest
   * wait among the rest. A segment sent at the reference's own instant but above its end is passed
   * over, as Linux's tie-break by sequence does.
   */
  @Override
  public void markLosses() {
    long now = context.now();
    long window = reoWindowNs();
    long longestWait = 0;
    for (int slot = queue.firstSent(); slot >= 0; slot = queue.nextSent(slot)) {
      long sent = queue.sentAt(slot);
      if (sent > xmitTime) {
        break;
      }
      // Lost and not yet retransmitted: nothing to decide. A retransmission, lost or not, is
      // judged by its own send time like any segment (tcp_rack_detect_loss).
      if (sentAfterReference(slot)
          || (queue.has(slot, RetransmitQueue.LOST) && !queue.has(slot, RetransmitQueue.RETRANS))) {
        continue;
      }
      long remaining = sent + rttNs + window - now;
      if (remaining <= 0) {
        queue.markLost(slot);
      } else {
        longestWait = Math.max(longestWait, remaining);
      }
    }
    if (longestWait > 0) {
      // tcp_rack_mark_lost: one timer for the longest wait ("Record maximum wait time"), plus
      // TCP_TIMEOUT_MIN_US (2 ms) before rounding to ticks, or, before 1c2709cfff1d,
      // TCP_TIMEOUT_MIN (2 ticks) after it.
      long ticks =
          tickFloor
              ? jiffies.ticks(longestWait) + TIMEOUT_MIN_TICKS
              : jiffies.ticks(longestWait + TIMEOUT_MIN_NS);
      timer.armAt(jiffies.fireAt(now, ticks));
    }
  }

  @Override
  public boolean timeToRecover() {
    return queue.lostOut() > 0;
  }

  @Override
  public boolean marksHeadWhenRecovering() {
    return false;
  }
}
