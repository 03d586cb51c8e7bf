package org.bondsim.tcp;

/**
 * How cwnd comes down to ssthresh during fast recovery, and how many segments each ACK may send
 * meanwhile: PRR on 6.x ({@code tcp_cwnd_reduction}, RFC 6937), rate-halving on 2.6.37 ({@code
 * tcp_cwnd_down}). The transmitter asks {@link #maySend()} before each segment in recovery and
 * reports it with {@link #sent()}.
 */
abstract sealed class WindowReduction permits Prr, RateHalving {
  /** Segments the current ACK allows ({@code sndcnt}). */
  int sendBudget;

  /** Segments sent since recovery began ({@code prr_out}). */
  int sent;

  static WindowReduction of(KernelProfile profile) {
    return switch (profile.reduction()) {
      case RATE_HALVING -> new RateHalving();
      case PRR_SLOW_START_BOUND -> new Prr(true);
      case PRR -> new Prr(false);
    };
  }

  /**
   * Recovery begins ({@code tcp_init_cwnd_reduction}).
   *
   * @param priorCwnd the window when it began
   */
  abstract void start(int priorCwnd);

  /**
   * One ACK in recovery: sets the budget and cwnd.
   *
   * @param newlyDelivered segments the ACK delivered
   * @param advanced whether snd_una advanced
   * @param inFlight packets in flight after the ACK
   * @param newlyLost segments this ACK marked lost ({@code rs->losses})
   * @param window cwnd and ssthresh
   */
  abstract void onAck(
      int newlyDelivered, boolean advanced, int inFlight, int newlyLost, CongestionWindow window);

  final boolean maySend() {
    return sendBudget > 0;
  }

  final void sent() {
    sendBudget--;
    sent++;
  }
}
