package org.bondsim.tcp;

/** A congestion control module, as Linux's {@code tcp_congestion_ops}: cwnd in packets. */
sealed interface CongestionControl permits Reno, HyStartCubic {
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

  /** An RTO put the connection in Loss ({@code set_state(TCP_CA_Loss)}). */
  default void onLossState() {}

  /**
   * The window an undo restores ({@code undo_cwnd}); by default the window before the reduction, as
   * {@code tcp_reno_undo_cwnd} of later kernels gives it.
   *
   * @param cwnd the window now
   * @param priorCwnd the window when the reduction began
   * @return the restored window
   */
  default int undoCwnd(int cwnd, int priorCwnd) {
    return Math.max(cwnd, priorCwnd);
  }

  /**
   * A cumulative ACK released segments from the retransmit queue ({@code pkts_acked}).
   *
   * @param packets segments released, SACKed ones included
   * @param newestSentNs when the newest of them was sent, or -1 if any was ever retransmitted
   * @param open whether the connection was in the Open state
   * @param nowNs the time
   */
  default void onPacketsAcked(int packets, long newestSentNs, boolean open, long nowNs) {}

  /**
   * Takes an RTT sample during slow start; a module may end slow start early (CUBIC's HyStart).
   *
   * @param rttNs the sample
   * @param cwnd the window
   * @param sndUna snd_una after the ACK
   * @param sndNxt snd_nxt, the end of the current round
   * @param minRttNs the connection's minimum RTT
   * @return true to end slow start now (ssthresh = cwnd)
   */
  default boolean exitSlowStart(long rttNs, int cwnd, long sndUna, long sndNxt, long minRttNs) {
    return false;
  }

  static CongestionControl named(String name, KernelProfile profile, Jiffies jiffies) {
    if (name.equals("reno")) {
      return new Reno(profile.growsPerPacket());
    }
    return profile.growsPerPacket()
        ? new Cubic(jiffies, profile.hystartLowNs())
        : new ClassicCubic(jiffies, profile.hystartLowNs());
  }
}
