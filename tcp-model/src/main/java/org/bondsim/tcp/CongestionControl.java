package org.bondsim.tcp;

/** A congestion control module, as Linux's {@code tcp_congestion_ops}: cwnd in packets. */
sealed interface CongestionControl permits Reno, Cubic {
  /**
   * Returns ssthresh after a loss ({@code ssthresh()}).
   *
   * @param cwnd the window at the loss
   * @return the new ssthresh, at least 2
   */
  int ssthreshAfterLoss(int cwnd);

  /**
   * Grows the window in congestion avoidance ({@code cong_avoid}, slow start handled by the
   * caller).
   *
   * @param cwnd the window
   * @param acked packets newly delivered by this ACK
   * @param nowNs the time
   * @param minRttNs the connection's minimum RTT
   * @return the new window
   */
  int congestionAvoidance(int cwnd, int acked, long nowNs, long minRttNs);

  /** Called when a window reduction starts, to reset per-epoch state. */
  default void onLoss() {}

  static CongestionControl named(String name, boolean perPacket) {
    return name.equals("reno") ? new Reno(perPacket) : new Cubic(perPacket);
  }
}
