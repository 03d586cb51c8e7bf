package org.bondsim.tcp;

import org.bondsim.api.stack.Timer;
import org.bondsim.api.tcp.SackBlock;

/**
 * Tail loss probes ({@code tcp_schedule_loss_probe}, {@code tcp_send_loss_probe}, {@code
 * tcp_process_tlp_ack}; RFC 8985): in Open state with data outstanding, probe after 2 × SRTT plus
 * 200 ms when a single packet is out (room for the peer's delayed ACK) or 2 ms otherwise, 1 s
 * without an RTT sample (3.16: at least 10 ms, none without a sample, and none while new data may
 * go; {@link KernelProfile.ShortTimers}), and never after the RTO would fire. The probe is a new
 * segment if the window allows, else the last one again; a probe that repaired a loss costs a
 * CWR-style reduction. On with {@code tcp_early_retrans} 3 or 4 and SACK, on kernels that have it.
 */
final class LossProbe {
  private static final long NO_SAMPLE_TIMEOUT_NS = 1_000_000_000L;
  private static final long SEVERAL_OUT_SLACK_NS = 2_000_000L;
  // 3.16: TCP_DELACK_MAX (HZ/5) and the probe's floor, msecs_to_jiffies(10).
  private static final long DELACK_MAX_NS = 200_000_000L;
  private static final long TEN_MS_NS = 10_000_000L;

  private final TcpHost context;
  private final RttEstimator rtt;
  private final NegotiatedOptions options;
  private final TcpCounters counters;
  private final boolean configured;
  private final Jiffies jiffies;
  private final KernelProfile.ShortTimers shortTimers;
  private final Timer timer;
  private final RetransmitQueue queue;
  private final Recovery recovery;
  private final CongestionWindow window;
  private final RetransmitTimer rto;
  // The transmitter that sends the probe, built after this: found when the probe fires.
  private final TcpSock sock;
  private long highSeq = -1;
  private boolean retransmitted;

  LossProbe(
      TcpHost context,
      TcpSettings settings,
      RttEstimator rtt,
      NegotiatedOptions options,
      TcpCounters counters,
      RetransmitQueue queue,
      Recovery recovery,
      CongestionWindow window,
      RetransmitTimer rto,
      TcpSock sock) {
    this.context = context;
    this.queue = queue;
    this.recovery = recovery;
    this.window = window;
    this.rto = rto;
    this.sock = sock;
    this.rtt = rtt;
    this.options = options;
    this.counters = counters;
    int earlyRetrans = settings.earlyRetrans();
    this.configured = settings.profile().lossProbes() && (earlyRetrans == 3 || earlyRetrans == 4);
    this.jiffies = settings.jiffies();
    this.shortTimers = settings.profile().shortTimers();
    this.timer = context.newTimer(this::fire);
  }

  private boolean probing() {
    return queue.size() > 0 && recovery.state() == Recovery.OPEN && highSeq < 0;
  }

  /**
   * Whether {@code tcp_schedule_loss_probe} would arm a probe now: SACK, data out, Open and no
   * probe unsettled; on 3.16 also an RTT sample and a connection that the window or the application
   * holds back (one that may send now needs no probe).
   */
  boolean mayArm() {
    if (!configured || !options.sackOk || !probing()) {
      return false;
    }
    return shortTimers != KernelProfile.ShortTimers.TEN_MS_FLOOR
        || (rtt.hasSample()
            && !(window.cwnd > queue.packetsInFlight() && sock.transmitter.canSendNewData()));
  }

  /** Whether a probe is pending ({@code icsk_pending == ICSK_TIME_LOSS_PROBE}). */
  boolean armed() {
    return timer.armed();
  }

  void schedule() {
    if (!mayArm()) {
      timer.cancel();
      return;
    }
    long ticks =
        rtt.hasSample() ? timeoutTicks(queue.size() == 1) : jiffies.ticks(NO_SAMPLE_TIMEOUT_NS);
    long now = context.now();
    if (rto.armed()) {
      ticks = Math.min(ticks, jiffies.ticks(rto.dueAt() - now));
    }
    timer.armAt(jiffies.fireAt(now, ticks));
  }

  /**
   * {@code tcp_schedule_loss_probe}'s wait in ticks: 2 × SRTT plus the slack rounded up together
   * (since Linux 1c2709cfff1d), the SRTT term rounded up and the slack added in ticks (6.1), or
   * 3.16's: SRTT rounded up to ticks and doubled, at least 1.5 × that plus {@code TCP_DELACK_MAX}
   * with one packet out, and at least 10 ms.
   */
  private long timeoutTicks(boolean onePacketOut) {
    return timeoutTicks(shortTimers, jiffies, rtt.srttNs(), onePacketOut);
  }

  /** {@link #timeoutTicks(boolean)} for a given rule, tick and smoothed RTT. */
  static long timeoutTicks(
      KernelProfile.ShortTimers rule, Jiffies jiffies, long srttNs, boolean onePacketOut) {
    return switch (rule) {
      case TEN_MS_FLOOR -> {
        long srtt = jiffies.ticks(srttNs);
        long ticks = 2 * srtt;
        if (onePacketOut) {
          ticks = Math.max(ticks, srtt + (srtt >> 1) + jiffies.ticks(DELACK_MAX_NS));
        }
        yield Math.max(ticks, jiffies.ticks(TEN_MS_NS));
      }
      case TICK_FLOOR ->
          jiffies.ticks(2 * srttNs)
              + (onePacketOut ? jiffies.ticks(RttEstimator.RTO_MIN_NS) : Rack.TIMEOUT_MIN_TICKS);
      case TIMEOUT_MIN_US ->
          jiffies.ticks(
              2 * srttNs + (onePacketOut ? RttEstimator.RTO_MIN_NS : SEVERAL_OUT_SLACK_NS));
    };
  }

  /**
   * Whether a probe is due at this instant: it was capped at the RTO's expiry and both fall now.
   * Linux has one timer, which the probe took from the RTO ({@code tcp_schedule_loss_probe}
   * replaces {@code ICSK_TIME_RETRANS} with {@code ICSK_TIME_LOSS_PROBE}), so the probe goes out
   * and the RTO waits for the re-arm that follows it.
   */
  boolean dueNow() {
    return timer.armed() && timer.expiresAt() <= context.now() && mayProbe();
  }

  /** What {@code fire} requires: data out, no probe unsettled, not in recovery or loss. */
  private boolean mayProbe() {
    return queue.size() > 0 && highSeq < 0 && recovery.openOrDisorder();
  }

  /** RACK's reorder timer took the connection's one retransmission timer. */
  void cancel() {
    timer.cancel();
  }

  private void fire() {
    // tcp_send_loss_probe does not look at the state: a probe armed in Open still goes out after a
    // SACK moved the connection to Disorder; recovery itself replaces the timer by the RTO.
    if (!mayProbe()) {
      return;
    }
    counters.lossProbes++;
    retransmitted = !sock.transmitter.sendNewForProbe();
    if (retransmitted) {
      sock.transmitter.resendLast();
    }
    highSeq = queue.sndNxt();
    rto.arm();
  }

  /**
   * A probe that retransmitted a segment is out ({@code tlp_high_seq} with {@code tlp_retrans}).
   */
  boolean retransmissionOut() {
    return highSeq >= 0 && retransmitted;
  }

  /**
   * {@code FLAG_DSACK_TLP}: a DSACK of at most one segment ending where the outstanding probe ended
   * answers the probe, not reordering.
   */
  boolean answeredBy(SackBlock dsack, int mss) {
    return highSeq >= 0 && dsack.end() == highSeq && dsack.end() - dsack.start() <= mss;
  }

  /** {@code tcp_enter_loss} forgets the probe ({@code tlp_high_seq} 0). */
  void onTimeout() {
    highSeq = -1;
  }

  /** An ACK at or above the probe's end settles it. */
  void onAck(long ack, boolean dsack) {
    if (highSeq < 0 || ack < highSeq) {
      return;
    }
    if (!retransmitted || dsack) {
      highSeq = -1;
      return;
    }
    if (ack > highSeq) {
      window.onLoss();
      window.cwnd = Math.max(window.ssthresh, 1);
      counters.lossProbeRecovery++;
      highSeq = -1;
    }
  }
}
