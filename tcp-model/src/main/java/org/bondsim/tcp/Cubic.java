package org.bondsim.tcp;

/**
 * CUBIC ({@code net/ipv4/tcp_cubic.c}, RFC 9438): after a loss ssthresh = cwnd × 717/1024; the
 * window then follows W(t) = C (t − K)³ + W_max with C ≈ 0.4 (bic_scale 41), fast convergence and
 * the TCP-friendly region, converted into "ACKs per +1 packet" as {@code bictcp_update} does.
 *
 * <p>Slow start ends at ssthresh, at a loss, or when {@link HyStart}'s delay detector fires.
 * Difference: the arithmetic is in floating point rather than the kernel's fixed point.
 */
final class Cubic implements CongestionControl {
  private static final double BETA = 717.0 / 1024.0;
  private static final double C = 0.4;

  private final boolean perPacket;
  private double wMax;
  private long epochStartNs;
  private double originPoint;
  private double k;
  private double renoWindow;
  private int credit;
  private final HyStart hyStart;

  Cubic(boolean perPacket, long hystartDelayMinNs) {
    this.perPacket = perPacket;
    this.hyStart = new HyStart(hystartDelayMinNs);
  }

  @Override
  public boolean exitSlowStart(long rttNs, int cwnd, long sndUna, long sndNxt, long minRttNs) {
    return hyStart.exitSlowStart(rttNs, cwnd, sndUna, sndNxt, minRttNs);
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
    int increments = perPacket ? acked : 1;
    renoWindow += increments * 3 * (1 - BETA) / (1 + BETA) / Math.max(renoWindow, 1);
    if (renoWindow > cwnd) {
      cnt = Math.min(cnt, cwnd / (renoWindow - cwnd));
    }
    cnt = Math.max(cnt, 2);
    credit += increments;
    if (credit >= cnt) {
      credit = 0;
      return cwnd + 1;
    }
    return cwnd;
  }
}
