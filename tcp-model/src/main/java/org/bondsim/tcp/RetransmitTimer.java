package org.bondsim.tcp;

import org.bondsim.api.stack.Timer;

/**
 * The retransmission timer ({@code ICSK_TIME_RETRANS}, {@code tcp_timer.c}): the RTO from the RTT
 * estimator, doubled per back-off ({@code icsk_backoff}, at most 2^10) up to 120 s ({@code
 * TCP_RTO_MAX}), reset by a valid RTT sample. Before the connection is established it times the
 * SYN.
 */
final class RetransmitTimer {
  private static final int MAX_BACKOFF_SHIFT = 10;

  private final TcpHost context;
  private final RttEstimator rtt;
  private final Jiffies jiffies;
  private final Timer timer;
  private int backoff;
  // icsk_timeout: the expiry the timer was armed for, which the wheel may run a granule later.
  private long dueAt;

  RetransmitTimer(TcpHost context, RttEstimator rtt, Jiffies jiffies, Runnable onTimeout) {
    this.context = context;
    this.rtt = rtt;
    this.jiffies = jiffies;
    this.timer = context.newTimer(onTimeout);
  }

  /** Restarts the timer for one RTO from now. */
  void arm() {
    armIn(currentNs());
  }

  /**
   * The timeout with back-off applied ({@code icsk_rto}, what {@code tcpi_rto} reports): {@code
   * __tcp_set_rto} keeps it in ticks, so the estimator's value rounds up to one.
   */
  long currentNs() {
    long rto = jiffies.roundUp(rtt.rtoNs());
    return Math.min(RttEstimator.RTO_MAX_NS, rto << Math.min(backoff, MAX_BACKOFF_SHIFT));
  }

  /** The kernel's tick, for the timers that share this one's clock. */
  Jiffies jiffies() {
    return jiffies;
  }

  /**
   * {@code tcp_rearm_rto} when the RTO takes the connection's one timer back from RACK's reorder
   * timeout or a loss probe: it counts from the head's last transmission ({@code
   * tcp_rto_delta_us}), not from now, and waits at least a microsecond, rounded up to a tick.
   *
   * @param headSentNs when the first segment not acknowledged last went out
   */
  void armFromSent(long headSentNs) {
    armIn(Math.max(headSentNs + currentNs() - context.now(), 1_000L));
  }

  /** Starts the timer unless it runs already (a transmission with the queue non-empty). */
  void armIfIdle() {
    if (!timer.armed()) {
      arm();
    }
  }

  /** Starts the timer {@code delayNs} from now (the SYN's own schedule). */
  void armIn(long delayNs) {
    long now = context.now();
    long ticks = jiffies.ticks(delayNs);
    dueAt = jiffies.expiry(now, ticks);
    timer.armAt(jiffies.fireAt(now, ticks));
  }

  void cancel() {
    timer.cancel();
  }

  boolean armed() {
    return timer.armed();
  }

  /**
   * The expiry the armed timer was set for ({@code icsk_timeout}, {@code jiffies + when}), which
   * the loss probe and 3.16's early retransmit compare their own with; the timer runs on it or, on
   * the non-cascading wheel, a granule later.
   */
  long dueAt() {
    return dueAt;
  }

  /** The timer fired: the next RTO is twice as long. */
  void backOff() {
    backoff++;
  }

  /** {@code icsk_backoff}, what {@code tcpi_backoff} reports. */
  int backoff() {
    return backoff;
  }

  /** A valid RTT sample ends the back-off ({@code tcp_ack_update_rtt}). */
  void resetBackoff() {
    backoff = 0;
  }
}
