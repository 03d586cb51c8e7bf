package org.bondsim.tcp;

/**
 * 2.6.37's rate-halving ({@code tcp_cwnd_down}): every second ACK that delivers something takes one
 * off cwnd until it reaches ssthresh, and cwnd never exceeds what is in flight plus one ({@code
 * tcp_moderate_cwnd}'s spirit), so each ACK lets at most the difference go.
 */
final class RateHalving extends WindowReduction {
  private int deliveringAcks;

  @Override
  void start(int priorCwnd) {
    deliveringAcks = 0;
    sent = 0;
  }

  @Override
  void onAck(
      int newlyDelivered, boolean advanced, int inFlight, int newlyLost, CongestionWindow window) {
    int cwnd = window.cwnd;
    if (newlyDelivered > 0 && (deliveringAcks++ & 1) == 1 && cwnd > window.ssthresh) {
      cwnd--;
    }
    cwnd = Math.max(1, Math.min(cwnd, inFlight + 1));
    window.cwnd = cwnd;
    sendBudget = Math.max(0, cwnd - inFlight);
  }
}
