package org.bondsim.tcp;

/**
 * CUBIC as the model follows it for 2.6.37 ({@code net/ipv4/tcp_cubic.c} of that tree): after a
 * loss ssthresh = cwnd × 717/1024; the window then follows W(t) = C (t − K)³ + W_max with C ≈ 0.4
 * (bic_scale 41), fast convergence and the TCP-friendly region, converted into "ACKs per +1 packet"
 * as {@code bictcp_update} does, one ACK at a time.
 *
 * <p>Slow start ends at ssthresh, at a loss, or when {@link HyStart}'s delay detector fires.
 * Differences from 2.6.37: the arithmetic is in floating point rather than the kernel's fixed
 * point; {@code ca->cnt} is recomputed on every ACK (the kernel at most every HZ/32 unless cwnd
 * changed) and not scaled by the delayed-ACK ratio ({@code ACK_RATIO_SHIFT}); the state is not
 * reset when an RTO enters Loss ({@code bictcp_state}). The model's 6.x follows 6.17 exactly
 * ({@link Cubic}).
 */
final class ClassicCubic extends HyStartCubic {
  private static final double BETA = 717.0 / 1024.0;
  private static final double C = 0.4;

  private double wMax;
  private long epochStartNs;
  private double originPoint;
  private double k;
  private double renoWindow;
  private int credit;

  ClassicCubic(long hystartDelayMinNs) {
    super(hystartDelayMinNs);
  }

  @Override
  public int ssthreshAfterLoss(int cwnd) {
    epochStartNs = 0;
    // Fast convergence: release bandwidth faster when the window stopped short of the last max.
    wMax = cwnd < wMax ? cwnd * (1 + BETA) / 2 : cwnd;
    return Math.max((int) (cwnd * BETA), 2);
  }

  @Override
  public void onLoss() {
    epochStartNs = 0;
  }

  @Override
  public int congestionAvoidance(int cwnd, int acked, long nowNs, long minRttNs) {
    if (epochStartNs == 0) {
      epochStartNs = nowNs;
      renoWindow = cwnd;
      if (cwnd < wMax) {
        k = Math.cbrt((wMax - cwnd) / C);
        originPoint = wMax;
      } else {
        k = 0;
        originPoint = cwnd;
      }
    }
    double t = (nowNs - epochStartNs + minRttNs) / 1e9;
    double target = originPoint + C * Math.pow(t - k, 3);
    double cnt = target > cwnd ? cwnd / (target - cwnd) : 100.0 * cwnd;
    // TCP friendliness: never slower than a Reno flow would grow.
    renoWindow += 3 * (1 - BETA) / (1 + BETA) / Math.max(renoWindow, 1);
    if (renoWindow > cwnd) {
      cnt = Math.min(cnt, cwnd / (renoWindow - cwnd));
    }
    cnt = Math.max(cnt, 2);
    if (++credit >= cnt) {
      credit = 0;
      return cwnd + 1;
    }
    return cwnd;
  }
}
