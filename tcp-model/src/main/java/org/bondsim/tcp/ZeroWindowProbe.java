package org.bondsim.tcp;

import org.bondsim.api.stack.Timer;

/**
 * The zero-window probe timer ({@code ICSK_TIME_PROBE0}, {@code tcp_probe_timer} and {@code
 * tcp_send_probe0} in {@code tcp_timer.c}/{@code tcp_output.c}). When data waits, nothing is in
 * flight and the peer's window is closed, no ACK would ever arrive to reopen it; so the sender
 * probes: an ACK whose sequence is one below {@code snd_una} ({@code tcp_xmit_probe_skb}), which
 * the peer must answer with its current window. The first probe goes one {@code tcp_probe0_base}
 * after the stall (the RTO, at least {@code TCP_RTO_MIN}), each later one twice as long after the
 * previous ({@code tcp_probe0_when}, at most {@code TCP_RTO_MAX}); a window that opens, or data in
 * flight, ends the back-off ({@code tcp_ack_probe}).
 *
 * <p>Difference: Linux aborts the connection after {@code tcp_retries2} (15) unanswered probes
 * ({@code tcp_write_err}); the model keeps probing.
 */
final class ZeroWindowProbe {
  private static final long RTO_MIN_NS = 200_000_000L;
  private static final int MAX_BACKOFF = 15;

  private final TcpHost context;
  private final RetransmitTimer rto;
  private final Timer timer;
  private int backoff;

  ZeroWindowProbe(TcpHost context, RetransmitTimer rto, Runnable onTimeout) {
    this.context = context;
    this.rto = rto;
    this.timer = context.newTimer(onTimeout);
  }

  /** {@code tcp_check_probe_timer}: the sender stalled on the window; start timing unless it is. */
  void armIfIdle() {
    if (!timer.armed()) {
      timer.armAt(rto.jiffies().fireAfter(context.now(), baseNs()));
    }
  }

  /** A probe went out: the next one waits twice as long. */
  void probed() {
    if (backoff < MAX_BACKOFF) {
      backoff++;
    }
    long wait = Math.min(RttEstimator.RTO_MAX_NS, baseNs() << backoff);
    timer.armAt(rto.jiffies().fireAfter(context.now(), wait));
  }

  /** Data is in flight again, or nothing waits: no probing, and the back-off starts over. */
  void stop() {
    timer.cancel();
    backoff = 0;
  }

  boolean armed() {
    return timer.armed();
  }

  private long baseNs() {
    return Math.max(rto.currentNs(), RTO_MIN_NS);
  }
}
