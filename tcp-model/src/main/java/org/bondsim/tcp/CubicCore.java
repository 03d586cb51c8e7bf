package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.AckView;
import org.bondsim.api.tcp.cc.CaState;
import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.ConnectionView;

/**
 * What the kernels' CUBIC share ({@code net/ipv4/tcp_cubic.c}, 2.6.37, 3.16 and 6.17 alike):
 * bictcp's state, β = 717/1024 with fast convergence ({@code bictcp_recalc_ssthresh}), the cubic
 * curve in the kernel's integer arithmetic (time in 1/1024 s, {@code cube_rtt_scale} 410) and the
 * TCP-friendly Reno estimate. The subclasses differ in when {@code bictcp_update} runs, how its
 * {@code cnt} becomes window growth, and in HyStart, each kernel's own ({@link HyStart}, {@link
 * ClassicHyStart}).
 */
abstract sealed class CubicCore implements CongestionControl permits Cubic, ClassicCubic {
  static final int BETA = 717;
  static final int BETA_SCALE = 1024;
  static final int BICTCP_HZ = 10;
  // 1024 * c / rtt, with c = bic_scale (41) / 1024 and rtt = 100 ms (cubictcp_register).
  static final long CUBE_RTT_SCALE = 41 * 10;
  // 2^(10 + 3 * BICTCP_HZ) / CUBE_RTT_SCALE: (W_max - cwnd) times this is K^3 in 1/1024 s.
  static final long CUBE_FACTOR = (1L << (10 + 3 * BICTCP_HZ)) / CUBE_RTT_SCALE;
  // beta_scale: 8 * (1024 + 717) / 3 / (1024 - 717) = 15, eighths of cwnd per Reno increment.
  static final int FRIENDLY_SCALE = 8 * (BETA_SCALE + BETA) / 3 / (BETA_SCALE - BETA);
  // Beyond about 340 s from K the kernel's 64-bit cube overflows; the model stops the curve there.
  private static final long MAX_OFFSET = 1L << 18;

  final Jiffies jiffies;
  // struct bictcp, the fields both kernels keep.
  int cnt;
  int lastMaxCwnd;
  int lastCwnd;
  long lastTime;
  private int originPoint;
  private long k;
  boolean epochStarted;
  long epochStart;
  int ackCount;
  private int renoCwnd;

  CubicCore(Jiffies jiffies) {
    this.jiffies = jiffies;
  }

  // The SPI's callbacks read the connection and hand the numbers to each kernel's arithmetic
  // below, which the unit tests drive directly.

  @Override
  public final int ssthresh(ConnectionView tcp) {
    return ssthreshAfterLoss(tcp.cwnd());
  }

  @Override
  public final int congestionAvoidance(ConnectionView tcp, int acked) {
    return congestionAvoidance(tcp.cwnd(), acked, tcp.nowNs());
  }

  @Override
  public final void onLossState(ConnectionView tcp) {
    onLossState(tcp.nowNs(), tcp.sndNxt());
  }

  @Override
  public final int undoCwnd(ConnectionView tcp, int priorCwnd) {
    return undoCwnd(tcp.cwnd(), priorCwnd);
  }

  @Override
  public final boolean pktsAcked(ConnectionView tcp, AckView ack) {
    return onPacketsAcked(
        ack, tcp.sndUna(), tcp.cwnd(), tcp.ssthresh(), tcp.caState() == CaState.OPEN, tcp.nowNs());
  }

  @Override
  public final void onSlowStartAck(ConnectionView tcp, AckView ack) {
    onSlowStartAck(ack.ack(), ack.sndNxt(), tcp.nowNs());
  }

  @Override
  public final void onLoss(ConnectionView tcp) {
    onLoss();
  }

  /** Called when a window reduction starts, after {@link #ssthreshAfterLoss}. */
  void onLoss() {}

  /** An RTO put the connection in Loss ({@code set_state(TCP_CA_Loss)}). */
  abstract void onLossState(long nowNs, long sndNxt);

  /** {@code undo_cwnd}: by default the window before the reduction. */
  int undoCwnd(int cwnd, int priorCwnd) {
    return Math.max(cwnd, priorCwnd);
  }

  /**
   * {@code pkts_acked}: the module's RTT bookkeeping and HyStart.
   *
   * @param sndUna snd_una after the ACK
   * @return true to end slow start now
   */
  abstract boolean onPacketsAcked(
      AckView sample, long sndUna, int cwnd, int ssthresh, boolean open, long nowNs);

  /** An ACK that grows the window in slow start; 2.6.37 starts HyStart's next round here. */
  void onSlowStartAck(long ack, long sndNxt, long nowNs) {}

  /** {@code cong_avoid} past slow start. */
  abstract int congestionAvoidance(int cwnd, int acked, long nowNs);

  /** Ends the epoch ({@code bictcp_recalc_ssthresh}); every window reduction passes here. */
  final int ssthreshAfterLoss(int cwnd) {
    epochStarted = false;
    // Fast convergence: release bandwidth faster when the window stopped short of the last max.
    lastMaxCwnd =
        cwnd < lastMaxCwnd ? (int) ((long) cwnd * (BETA_SCALE + BETA) / (2 * BETA_SCALE)) : cwnd;
    return Math.max((int) ((long) cwnd * BETA / BETA_SCALE), 2);
  }

  /** {@code bictcp_reset}'s fields both kernels keep. */
  void resetState() {
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

  /**
   * An epoch begins at tick {@code now}: K and the origin from W_max, the Reno estimate at cwnd.
   */
  void startEpoch(int cwnd, long now, int acks) {
    epochStarted = true;
    epochStart = now;
    ackCount = acks;
    renoCwnd = cwnd;
    if (lastMaxCwnd <= cwnd) {
      k = 0;
      originPoint = cwnd;
    } else {
      k = cubeRoot(CUBE_FACTOR * (lastMaxCwnd - cwnd));
      originPoint = lastMaxCwnd;
    }
  }

  /**
   * ACKs per +1 packet that follow the curve: W(t) = C (t − K)³ + origin, {@code t} in 1/1024 s.
   */
  long curveCnt(int cwnd, long t) {
    long offs = Math.min(Math.abs(t - k), MAX_OFFSET);
    long delta = (CUBE_RTT_SCALE * offs * offs * offs) >> (10 + 3 * BICTCP_HZ);
    long target = t < k ? originPoint - delta : originPoint + delta;
    return target > cwnd ? cwnd / (target - cwnd) : 100L * cwnd;
  }

  /** TCP friendliness: the Reno estimate grows with the ACK count and caps {@code c} when ahead. */
  long friendly(int cwnd, long c) {
    int perIncrement = (cwnd * FRIENDLY_SCALE) >> 3;
    while (perIncrement > 0 && ackCount > perIncrement) {
      ackCount -= perIncrement;
      renoCwnd++;
    }
    return renoCwnd > cwnd ? Math.min(c, cwnd / (renoCwnd - cwnd)) : c;
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
