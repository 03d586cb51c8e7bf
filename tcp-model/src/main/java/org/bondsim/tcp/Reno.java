package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.ConnectionView;

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
  public int ssthresh(ConnectionView tcp) {
    return ssthreshAfterLoss(tcp.cwnd());
  }

  @Override
  public int congestionAvoidance(ConnectionView tcp, int acked) {
    return congestionAvoidance(tcp.cwnd(), acked, tcp.nowNs());
  }

  int ssthreshAfterLoss(int cwnd) {
    return Math.max(cwnd / 2, 2);
  }

  int congestionAvoidance(int cwnd, int acked, long nowNs) {
    credit += perPacket ? acked : 1;
    if (credit >= cwnd) {
      credit -= cwnd;
      return cwnd + 1;
    }
    return cwnd;
  }
}
