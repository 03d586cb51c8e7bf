package org.bondsim.tcp;

/**
 * Reno ({@code tcp_reno_ssthresh}, {@code tcp_cong_avoid_ai}): ssthresh = max(cwnd / 2, 2); +1
 * packet per window of packets acked (per window of ACKs on 2.6.37).
 */
final class Reno implements CongestionControl {
  private final boolean perPacket;
  private int credit;

  Reno(boolean perPacket) {
    this.perPacket = perPacket;
  }

  @Override
  public int ssthreshAfterLoss(int cwnd) {
    return Math.max(cwnd / 2, 2);
  }

  @Override
  public int congestionAvoidance(int cwnd, int acked, long nowNs) {
    credit += perPacket ? acked : 1;
    if (credit >= cwnd) {
      credit -= cwnd;
      return cwnd + 1;
    }
    return cwnd;
  }
}
