package org.bondsim.tcp;

/**
 * Proportional rate reduction (RFC 6937) as {@code tcp_cwnd_reduction}: while more is in flight
 * than ssthresh, send ssthresh/prior_cwnd of what was delivered; below it, slow-start back up to
 * ssthresh (the conservative bound, plus one on a cumulative ACK that marked nothing lost). The
 * first retransmission may always go. 3.16's takes the slow-start bound, one more always.
 */
final class Prr extends WindowReduction {
  private final boolean slowStartBound;
  private int priorCwnd;
  private int delivered;

  /**
   * @param slowStartBound 3.16's bound below ssthresh ({@link
   *     KernelProfile.Reduction#PRR_SLOW_START_BOUND}): one more on every ACK
   */
  Prr(boolean slowStartBound) {
    this.slowStartBound = slowStartBound;
  }

  @Override
  void start(int priorCwnd) {
    this.priorCwnd = priorCwnd;
    delivered = 0;
    sent = 0;
  }

  @Override
  void onAck(
      int newlyDelivered, boolean advanced, int inFlight, int newlyLost, CongestionWindow window) {
    if (newlyDelivered <= 0 && sent > 0) {
      sendBudget = Math.max(0, sendBudget);
      return;
    }
    delivered += newlyDelivered;
    int ssthresh = window.ssthresh;
    long sendCount;
    if (inFlight > ssthresh) {
      long dividend = (long) ssthresh * delivered + priorCwnd - 1;
      sendCount = dividend / Math.max(priorCwnd, 1) - sent;
    } else {
      sendCount =
          Math.min(
              ssthresh - inFlight,
              Math.max(delivered - sent, newlyDelivered)
                  + (slowStartBound || (advanced && newlyLost == 0) ? 1 : 0));
    }
    if (sent == 0) {
      sendCount = Math.max(sendCount, 1);
    }
    sendBudget = (int) Math.max(0, sendCount);
    window.cwnd = Math.max(1, inFlight + sendBudget);
  }
}
