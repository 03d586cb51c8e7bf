package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.AckView;

/**
 * CUBIC as Linux 6.17 runs it ({@code net/ipv4/tcp_cubic.c}, RFC 9438), in the kernel's integer
 * arithmetic: time in units of 1/1024 s ({@code BICTCP_HZ} 10), C = 41/1024 × 10 per 100 ms ({@code
 * cube_rtt_scale}), β = 717/1024.
 *
 * <ul>
 *   <li>{@code bictcp_update} recomputes {@code ca->cnt} (ACKs per +1 packet) only when cwnd
 *       changed or more than HZ/32 ticks passed, and at most once per tick; an epoch starts at the
 *       first ACK in congestion avoidance after a reduction, with K from W_max - cwnd; t counts
 *       ticks since then plus {@code delay_min}. A flow that never lost ({@code last_max_cwnd} 0)
 *       grows by at least 5 % per RTT ({@code cnt} at most 20).
 *   <li>TCP friendliness: a Reno window grows by one every {@code cwnd × 15 / 8} ACKed packets
 *       ({@code beta_scale}) and caps {@code cnt} when it is ahead; {@code cnt} is at least 2.
 *   <li>{@code tcp_cong_avoid_ai}: credits count packets ACKed, and whole multiples of {@code cnt}
 *       add that many packets.
 *   <li>An RTO's {@code set_state(TCP_CA_Loss)} resets everything, W_max included ({@code
 *       bictcp_reset}, {@code delay_min} and HyStart's exit included).
 *   <li>{@code cubictcp_acked} ({@code pkts_acked}): {@code delay_min} is the least {@code
 *       ca_rtt_us} (the newest segment the ACK newly SACKed or acknowledged; {@link
 *       AckView#sampleRttNs}), skipping samples within HZ ticks of an epoch's start; in slow start
 *       {@link HyStart} may end it.
 * </ul>
 *
 * <p>Differences: K comes from an exact integer cube root where the kernel uses a table and one
 * Newton step (about 0.2 % apart); an idle restart does not shift the epoch ({@code
 * CA_EVENT_TX_START}).
 */
final class Cubic extends CubicCore {
  private final HyStart hyStart;
  // ca->delay_min in microseconds, 0 until the first sample.
  private long delayMinUs;
  // tp->snd_cwnd_cnt: packets ACKed toward the next increment.
  private int credit;

  Cubic(Jiffies jiffies, HyStart hyStart) {
    super(jiffies);
    this.hyStart = hyStart;
  }

  @Override
  void onLossState(long nowNs, long sndNxt) {
    // cubictcp_state: bictcp_reset (delay_min and the exit found included), bictcp_hystart_reset.
    resetState();
    delayMinUs = 0;
    hyStart.clearFound();
    hyStart.reset(nowNs / 1000, sndNxt);
  }

  @Override
  boolean onPacketsAcked(
      AckView sample, long sndUna, int cwnd, int ssthresh, boolean open, long nowNs) {
    if (sample.sampleRttNs() < 0) {
      return false;
    }
    if (epochStarted && jiffies.tick(nowNs) - epochStart < jiffies.hz()) {
      return false; // "Discard delay samples right after fast recovery"
    }
    long delayUs = Math.max(1, sample.sampleRttNs() / 1000);
    if (delayMinUs == 0 || delayMinUs > delayUs) {
      delayMinUs = delayUs;
    }
    if (hyStart.found() || cwnd >= ssthresh) {
      return false;
    }
    return hyStart.update(
        sndUna, sample.sndNxt(), sample.pacingRate(), delayUs, delayMinUs, cwnd, nowNs / 1000);
  }

  @Override
  int congestionAvoidance(int cwnd, int acked, long nowNs) {
    update(cwnd, acked, jiffies.tick(nowNs));
    return addCredit(cwnd, acked);
  }

  /** {@code bictcp_update}. */
  private void update(int cwnd, int acked, long now) {
    ackCount += acked;
    if (lastCwnd == cwnd && now - lastTime <= jiffies.hz() / 32) {
      return;
    }
    if (!(epochStarted && now == lastTime)) {
      lastCwnd = cwnd;
      lastTime = now;
      if (!epochStarted) {
        startEpoch(cwnd, now, acked);
      }
      long t = ((now - epochStart + jiffies.ticks(delayMinUs * 1000)) << BICTCP_HZ) / jiffies.hz();
      long c = curveCnt(cwnd, t);
      cnt = (int) Math.min(Integer.MAX_VALUE, c);
      if (lastMaxCwnd == 0 && cnt > 20) {
        cnt = 20;
      }
    }
    cnt = (int) Math.max(friendly(cwnd, cnt), 2);
  }

  /** {@code tcp_cong_avoid_ai(tp, ca->cnt, acked)}. */
  private int addCredit(int cwnd, int acked) {
    if (credit >= cnt) {
      credit = 0;
      cwnd++;
    }
    credit += acked;
    if (credit >= cnt) {
      int increments = credit / cnt;
      credit -= increments * cnt;
      cwnd += increments;
    }
    return cwnd;
  }
}
