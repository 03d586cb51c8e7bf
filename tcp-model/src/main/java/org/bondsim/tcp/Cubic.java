package org.bondsim.tcp;

/**
 * CUBIC as Linux 6.17 runs it ({@code net/ipv4/tcp_cubic.c}, RFC 9438), in the kernel's integer
 * arithmetic: time in units of 1/1024 s ({@code BICTCP_HZ} 10), C = 41/1024 × 10 per 100 ms ({@code
 * cube_rtt_scale}), β = 717/1024.
 *
 * <ul>
 *   <li>{@code bictcp_update} recomputes {@code ca->cnt} (ACKs per +1 packet) only when cwnd
 *       changed or more than HZ/32 ticks passed, and at most once per tick; an epoch starts at the
 *       first ACK in congestion avoidance after a reduction, with K from W_max - cwnd; t counts
 *       ticks since then plus the minimum RTT. A flow that never lost ({@code last_max_cwnd} 0)
 *       grows by at least 5 % per RTT ({@code cnt} at most 20).
 *   <li>TCP friendliness: a Reno window grows by one every {@code cwnd × 15 / 8} ACKed packets
 *       ({@code beta_scale}) and caps {@code cnt} when it is ahead; {@code cnt} is at least 2.
 *   <li>{@code tcp_cong_avoid_ai}: credits count packets ACKed, and whole multiples of {@code cnt}
 *       add that many packets.
 *   <li>An RTO's {@code set_state(TCP_CA_Loss)} resets everything, W_max included ({@code
 *       bictcp_reset}).
 * </ul>
 *
 * <p>Differences: K comes from an exact integer cube root where the kernel uses a table and one
 * Newton step (about 0.2 % apart); the minimum RTT is the connection's (the kernel keeps its own
 * from {@code pkts_acked}, skipping samples for a second after a reduction); an idle restart does
 * not shift the epoch ({@code CA_EVENT_TX_START}).
 */
final class Cubic extends HyStartCubic {
  private static final int BETA = 717;
  private static final int BETA_SCALE = 1024;
  private static final int BICTCP_HZ = 10;
  // 1024 * c / rtt, with c = bic_scale (41) / 1024 and rtt = 100 ms.
  private static final long CUBE_RTT_SCALE = 41 * 10;
  // 2^(10 + 3 * BICTCP_HZ) / CUBE_RTT_SCALE: (W_max - cwnd) times this is K^3 in 1/1024 s.
  private static final long CUBE_FACTOR = (1L << (10 + 3 * BICTCP_HZ)) / CUBE_RTT_SCALE;
  // 8 * (1024 + 717) / 3 / (1024 - 717): Reno-friendly growth, in eighths of cwnd per packet.
  private static final int FRIENDLY_SCALE = 8 * (BETA_SCALE + BETA) / 3 / (BETA_SCALE - BETA);

  private final Jiffies jiffies;
  private int cnt;
  private int lastMaxCwnd;
  private int lastCwnd;
  private long lastTime;
  private int originPoint;
  private long k;
  private boolean epochStarted;
  private long epochStart;
  private int ackCount;
  private int renoCwnd;
  // tp->snd_cwnd_cnt: packets ACKed toward the next increment.
  private int credit;

  Cubic(Jiffies jiffies, long hystartDelayMinNs) {
    super(hystartDelayMinNs);
    this.jiffies = jiffies;
  }

  @Override
  public int ssthreshAfterLoss(int cwnd) {
    epochStarted = false;
    // Fast convergence: release bandwidth faster when the window stopped short of the last max.
    lastMaxCwnd =
        cwnd < lastMaxCwnd ? (int) ((long) cwnd * (BETA_SCALE + BETA) / (2 * BETA_SCALE)) : cwnd;
    return Math.max((int) ((long) cwnd * BETA / BETA_SCALE), 2);
  }

  @Override
  public void onLoss() {
    epochStarted = false;
  }

  @Override
  public void onLossState() {
    cnt = 0;
    lastMaxCwnd = 0;
    lastCwnd = 0;
    lastTime = 0;
    originPoint = 0;
    k = 0;
    epochStarted = false;
    ackCount = 0;
    renoCwnd = 0;
  }

  @Override
  public int congestionAvoidance(int cwnd, int acked, long nowNs, long minRttNs) {
    update(cwnd, acked, jiffies.tick(nowNs), minRttNs);
    return addCredit(cwnd, acked);
  }

  /** {@code bictcp_update}. */
  private void update(int cwnd, int acked, long now, long minRttNs) {
    ackCount += acked;
    if (lastCwnd == cwnd && now - lastTime <= jiffies.hz() / 32) {
      return;
    }
    if (!(epochStarted && now == lastTime)) {
      lastCwnd = cwnd;
      lastTime = now;
      if (!epochStarted) {
        epochStarted = true;
        epochStart = now;
        ackCount = acked;
        renoCwnd = cwnd;
        if (lastMaxCwnd <= cwnd) {
          k = 0;
          originPoint = cwnd;
        } else {
          k = cubeRoot(CUBE_FACTOR * (lastMaxCwnd - cwnd));
          originPoint = lastMaxCwnd;
        }
      }
      long t = ((now - epochStart + jiffies.ticks(minRttNs)) << BICTCP_HZ) / jiffies.hz();
      long offs = Math.min(Math.abs(t - k), 1L << 18);
      long delta = (CUBE_RTT_SCALE * offs * offs * offs) >> (10 + 3 * BICTCP_HZ);
      long target = t < k ? originPoint - delta : originPoint + delta;
      cnt = target > cwnd ? (int) Math.min(Integer.MAX_VALUE, cwnd / (target - cwnd)) : 100 * cwnd;
      if (lastMaxCwnd == 0 && cnt > 20) {
        cnt = 20;
      }
    }
    int perIncrement = (cwnd * FRIENDLY_SCALE) >> 3;
    while (perIncrement > 0 && ackCount > perIncrement) {
      ackCount -= perIncrement;
      renoCwnd++;
    }
    if (renoCwnd > cwnd) {
      cnt = Math.min(cnt, cwnd / (renoCwnd - cwnd));
    }
    cnt = Math.max(cnt, 2);
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

  /** The integer cube root, rounded down. */
  static long cubeRoot(long a) {
    long x = (long) Math.cbrt((double) a);
    while (x * x * x > a) {
      x--;
    }
    while ((x + 1) * (x + 1) * (x + 1) <= a) {
      x++;
    }
    return x;
  }
}
