package org.bondsim.tcp;

import org.bondsim.api.stack.Timer;

/**
 * RFC 5827's early retransmit as Linux 3.16 has it ({@code net/ipv4/tcp_input.c}: the "Trick#6" of
 * {@code tcp_time_to_recover}, {@code tcp_pause_early_retransmit}, {@code
 * tcp_resume_early_retransmit}), around the connection's loss detector: with fewer than four
 * segments out, none of them retransmitted, at least one SACKed (or a duplicate ACK without SACK)
 * and nothing new allowed out, recovery may start before the duplicate threshold. With {@code
 * tcp_early_retrans} 2 or 3 (3 is the default) it waits max(srtt / 4, 2 ms) in ticks first, unless
 * the RTO would fire sooner; an ACK in between cancels the wait and the next duplicate looks again.
 *
 * <p>On only while {@code tcp_early_retrans} is 1 to 3 and {@code tcp_reordering} is 3 ({@code
 * tcp_enable_early_retrans}; {@code tcp_thin_dupack} is not modelled, so off), and off for good
 * once any reordering is measured or a cached level is loaded ({@code tcp_disable_early_retrans},
 * {@link ReorderingEstimator#earlyRetransmitAllowed}). 6.x has none: RACK took its place.
 */
final class EarlyRetransmit implements LossDetection {
  private static final long MIN_DELAY_NS = 2_000_000L;
  private static final int FEW_OUT = 4;

  private final TcpHost context;
  private final RetransmitQueue queue;
  private final ReorderingEstimator reordering;
  private final RttEstimator rtt;
  private final RetransmitTimer rto;
  private final Jiffies jiffies;
  private final TcpSock sock;
  private final boolean configured;
  private final boolean delayed;
  private final Timer timer;
  private LossDetection inner;

  /**
   * @param context the run's clock and timers
   * @param settings {@code tcp_early_retrans}, {@code tcp_reordering}, the tick, the kernel
   * @param queue the retransmit queue
   * @param reordering the reordering level, which turns early retransmit off once it measures
   * @param rtt the smoothed RTT the wait is a quarter of
   * @param rto the retransmission timer the wait must not outlast
   * @param sock where the window, the transmitter and the recovery state are found when it runs
   */
  EarlyRetransmit(
      TcpHost context,
      TcpSettings settings,
      RetransmitQueue queue,
      ReorderingEstimator reordering,
      RttEstimator rtt,
      RetransmitTimer rto,
      TcpSock sock) {
    this.context = context;
    this.queue = queue;
    this.reordering = reordering;
    this.rtt = rtt;
    this.rto = rto;
    this.jiffies = settings.jiffies();
    this.sock = sock;
    int sysctl = settings.earlyRetrans();
    this.configured =
        settings.profile().earlyRetransmit()
            && sysctl >= 1
            && sysctl <= 3
            && settings.reordering() == 3;
    this.delayed = sysctl == 2 || sysctl == 3;
    this.timer = context.newTimer(this::fire);
  }

  /** Whether this connection may retransmit early now ({@code tp->do_early_retrans}). */
  boolean on() {
    return configured && reordering.earlyRetransmitAllowed();
  }

  /** The detector this ACK uses, with early retransmit around it. */
  LossDetection over(LossDetection detector) {
    inner = detector;
    return this;
  }

  @Override
  public void markLosses() {
    inner.markLosses();
  }

  @Override
  public boolean timeToRecover() {
    return inner.timeToRecover() || due();
  }

  @Override
  public boolean marksHeadWhenRecovering() {
    return inner.marksHeadWhenRecovering();
  }

  @Override
  public boolean partialAckMarksHead() {
    return inner.partialAckMarksHead();
  }

  /** {@code tcp_ack}: an ACK while the wait runs gives the timer back to the RTO. */
  void onAck() {
    timer.cancel();
  }

  private boolean due() {
    if (!on() || queue.retransOut() > 0) {
      return false;
    }
    int sacked = queue.sackedOut();
    int out = queue.size();
    if (sacked == 0 || out < sacked + 1 || out >= FEW_OUT || maySendNow()) {
      return false;
    }
    return !pause();
  }

  /** {@code tcp_may_send_now}: new data waits and both windows let it go. */
  private boolean maySendNow() {
    return sock.transmitter.canSendNewData() && sock.window.cwnd > queue.packetsInFlight();
  }

  /** {@code tcp_pause_early_retransmit}: whether to wait rather than retransmit now. */
  private boolean pause() {
    if (!delayed || !rtt.hasSample()) {
      return false;
    }
    long now = context.now();
    long ticks = Math.max(jiffies.ticks(rtt.srttNs() / 4), jiffies.ticks(MIN_DELAY_NS));
    // time_after(icsk_timeout, jiffies + delay): the two expiries, not when the wheel runs them.
    if (!rto.armed() || rto.dueAt() <= jiffies.expiry(now, ticks)) {
      return false;
    }
    timer.armAt(jiffies.fireAt(now, ticks));
    return true;
  }

  /** {@code tcp_resume_early_retransmit}: recovery now, from the head, unless turned off since. */
  private void fire() {
    if (!on() || !sock.recovery.openOrDisorder() || queue.size() == 0) {
      return;
    }
    sock.recovery.enterEarly();
    sock.transmitter.trySend();
  }
}
