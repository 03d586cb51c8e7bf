package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.AckView;

/**
 * CUBIC as Linux 2.6.37 runs it ({@code net/ipv4/tcp_cubic.c} of the 2.6.37.6 tree), in the
 * kernel's integer arithmetic: time in 1/1024 s ({@code BICTCP_HZ} 10), {@code cube_rtt_scale} 410,
 * β = 717/1024, one call per ACK (2.6.37 grows the window per ACK, not per packet).
 *
 * <ul>
 *   <li>{@code bictcp_update}: {@code ack_cnt} counts ACKs; {@code ca->cnt} is recomputed only when
 *       cwnd changed or more than HZ/32 ticks passed; an epoch starts at the first ACK in
 *       congestion avoidance after a reduction, with K from W_max − cwnd; t counts ticks since then
 *       plus {@code delay_min}. TCP friendliness: the Reno estimate grows by one every {@code cwnd
 *       × 15 / 8} ACKs and caps {@code cnt} when it is ahead. Then {@code cnt} is divided by the
 *       measured packets per ACK ({@code delayed_ack}, in sixteenths) and is at least 1.
 *   <li>{@code bictcp_acked} ({@code pkts_acked}): in Open, {@code delayed_ack} follows the packets
 *       each ACK releases (an EWMA of gain 1/16, from 2); {@code delay_min} is the least RTT in
 *       jiffies of the newest segment an ACK releases, when none it releases was retransmitted and
 *       that RTT is at least one tick ({@code ca_seq_rtt > 0}: a sub-tick RTT gives no sample), not
 *       taken within HZ ticks of an epoch's start.
 *   <li>{@code tcp_cong_avoid_ai(tp, cnt)}: cwnd grows by one after {@code cnt + 1} ACKs ({@code
 *       snd_cwnd_cnt}), which a window reduction clears.
 *   <li>{@code bictcp_undo_cwnd}: an undo restores max(cwnd, {@code last_max_cwnd}), so after fast
 *       convergence only 1.7/2 of the window at the loss, and after an RTO's {@code bictcp_reset}
 *       nothing.
 *   <li>{@code bictcp_state(TCP_CA_Loss)} resets everything, W_max, {@code delay_min} and {@code
 *       delayed_ack} included.
 * </ul>
 *
 * <p>Differences: K comes from an exact integer cube root where the kernel uses a table and one
 * Newton step; an epoch-less connection takes delay samples from its start (the kernel compares
 * jiffies with an {@code epoch_start} of 0, which depends on the host's uptime). HyStart is
 * 2.6.37's own, on jiffies ({@link ClassicHyStart}).
 *
 * <p>3.16's {@code tcp_cubic.c} (same version, 2.3) differs in three places, which {@code linux316}
 * selects: {@code bictcp_acked} takes the RTT in microseconds ({@code rtt_us}, from the skb's send
 * time) and keeps the delay in ms × 8, at least 1, so a sub-tick path gives samples; {@code
 * delayed_ack} is clamped to 1–512 ({@code ACK_RATIO_LIMIT}) rather than wrapping; and an undo
 * restores max(cwnd, {@code loss_cwnd}), the window at the last reduction. Its HyStart counts
 * milliseconds ({@code bictcp_clock}).
 */
final class ClassicCubic extends CubicCore {
  private static final int ACK_RATIO_SHIFT = 4;
  private static final int INITIAL_DELAYED_ACK = 2 << ACK_RATIO_SHIFT;
  // 3.16's ACK_RATIO_LIMIT: 32 packets per ACK, in sixteenths.
  private static final int ACK_RATIO_LIMIT = 32 << ACK_RATIO_SHIFT;

  // delay_min: jiffies << 3 (3.16: ms << 3), 0 until the first sample.
  private long delayMin;
  // delayed_ack: packets per ACK << ACK_RATIO_SHIFT.
  private int delayedAck = INITIAL_DELAYED_ACK;
  // tp->snd_cwnd_cnt: ACKs counted toward the next increment.
  private int credit;

  private final ClassicHyStart hyStart;
  private final boolean linux316;

  /**
   * @param jiffies the kernel's tick
   * @param hyStart the kernel's HyStart
   * @param linux316 3.16's module rather than 2.6.37's (see the class comment)
   */
  ClassicCubic(Jiffies jiffies, ClassicHyStart hyStart, boolean linux316) {
    super(jiffies);
    this.hyStart = hyStart;
    this.linux316 = linux316;
  }

  @Override
  void onLoss() {
    // tcp_enter_cwr and the entry to Recovery clear snd_cwnd_cnt (the epoch ended already).
    credit = 0;
  }

  @Override
  void onLossState(long nowNs, long sndNxt) {
    // bictcp_state: bictcp_reset, then bictcp_hystart_reset.
    resetState();
    delayMin = 0;
    delayedAck = INITIAL_DELAYED_ACK;
    hyStart.clearFound();
    hyStart.reset(nowNs, sndNxt);
    // tcp_enter_loss clears snd_cwnd_cnt.
    credit = 0;
  }

  @Override
  void onSlowStartAck(long ack, long sndNxt, long nowNs) {
    if (hyStart.roundEnds(ack)) {
      hyStart.reset(nowNs, sndNxt);
    }
  }

  /**
   * {@code bictcp_acked}, called only for an ACK that released segments ({@code FLAG_ACKED}); then
   * HyStart while cwnd is at most ssthresh.
   */
  @Override
  boolean onPacketsAcked(
      AckView sample, long sndUna, int cwnd, int ssthresh, boolean open, long nowNs) {
    if (sample.packetsAcked() == 0) {
      return false;
    }
    long delay = acked(sample.packetsAcked(), sample.newestReleasedSentNs(), open, nowNs);
    return delay > 0 && cwnd <= ssthresh && hyStart.update(delay, delayMin, cwnd, nowNs);
  }

  @Override
  int undoCwnd(int cwnd, int priorCwnd) {
    return Math.max(cwnd, linux316 ? priorCwnd : lastMaxCwnd);
  }

  /**
   * {@code bictcp_acked}'s bookkeeping: the ACK ratio in Open, and {@code delay_min}.
   *
   * @return the delay sample (jiffies × 8), or 0 when the ACK gives none
   */
  long acked(int packets, long newestSentNs, boolean open, long nowNs) {
    if (open) {
      int ratio = delayedAck + packets - (delayedAck >> ACK_RATIO_SHIFT);
      // 2.6.37: u32 into u16, so modulo 2^16; 3.16 clamps.
      delayedAck = linux316 ? Math.max(1, Math.min(ratio, ACK_RATIO_LIMIT)) : ratio & 0xFFFF;
    }
    if (newestSentNs < 0) {
      return 0;
    }
    long now = jiffies.tick(nowNs);
    if (epochStarted && now - epochStart < jiffies.hz()) {
      return 0;
    }
    long delay;
    if (linux316) {
      delay = Math.max(1, ((nowNs - newestSentNs) / 1000 << 3) / 1000);
    } else {
      long rttTicks = now - jiffies.tick(newestSentNs);
      if (rttTicks <= 0) {
        return 0;
      }
      delay = rttTicks << 3;
    }
    if (delayMin == 0 || delayMin > delay) {
      delayMin = delay;
    }
    return delay;
  }

  @Override
  int congestionAvoidance(int cwnd, int acked, long nowNs) {
    update(cwnd, jiffies.tick(nowNs));
    // tcp_cong_avoid_ai
    if (credit >= cnt) {
      credit = 0;
      return cwnd + 1;
    }
    credit++;
    return cwnd;
  }

  /** {@code bictcp_update}. */
  private void update(int cwnd, long now) {
    ackCount++;
    if (lastCwnd == cwnd && now - lastTime <= jiffies.hz() / 32) {
      return;
    }
    lastCwnd = cwnd;
    lastTime = now;
    if (!epochStarted) {
      startEpoch(cwnd, now, 1);
    }
    // msecs_to_jiffies(delay_min >> 3) on 3.16, whose delay_min counts milliseconds.
    long delayTicks = linux316 ? jiffies.ticks((delayMin >> 3) * 1_000_000L) : delayMin >> 3;
    long t = ((now + delayTicks - epochStart) << BICTCP_HZ) / jiffies.hz();
    long c = friendly(cwnd, curveCnt(cwnd, t));
    c = (c << ACK_RATIO_SHIFT) / Math.max(1, delayedAck);
    cnt = (int) Math.max(1, Math.min(c, Integer.MAX_VALUE));
  }
}
