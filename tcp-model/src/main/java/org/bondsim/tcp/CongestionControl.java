package org.bondsim.tcp;

/** A congestion control module, as Linux's {@code tcp_congestion_ops}: cwnd in packets. */
sealed interface CongestionControl permits Reno, CubicCore {
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
   * @return the new window
   */
  int congestionAvoidance(int cwnd, int acked, long nowNs);

  /** Called when a window reduction starts, to reset per-epoch state. */
  default void onLoss() {}

  /**
   * An RTO put the connection in Loss ({@code set_state(TCP_CA_Loss)}).
   *
   * @param nowNs the time
   * @param sndNxt snd_nxt now
   */
  default void onLossState(long nowNs, long sndNxt) {}

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
   * {@code pkts_acked}, once per ACK after the retransmit queue and the RTT estimator took it: the
   * module's own RTT bookkeeping and, for CUBIC, HyStart, which may end slow start.
   *
   * @param sample the ACK ({@link AckSample#released}, the RTT sources, snd_una and snd_nxt)
   * @param cwnd the window
   * @param ssthresh the slow-start threshold
   * @param open whether the connection was in the Open state
   * @param nowNs the time
   * @return true to end slow start now (ssthresh = cwnd)
   */
  default boolean onPacketsAcked(
      AckSample sample, int cwnd, int ssthresh, boolean open, long nowNs) {
    return false;
  }

  /**
   * An ACK that grows the window in slow start ({@code cong_avoid} before {@code tcp_slow_start}):
   * 2.6.37's CUBIC starts HyStart's next round there.
   *
   * @param ack the cumulative acknowledgment
   * @param sndNxt snd_nxt now
   * @param nowNs the time
   */
  default void onSlowStartAck(long ack, long sndNxt, long nowNs) {}

  /**
   * The module a connection runs ({@code net.ipv4.tcp_congestion_control}).
   *
   * @param settings the connection's settings: the module, the kernel, the tick, HyStart's bits
   * @param counters where the module counts (6.x CUBIC's HyStart exits)
   * @return the module
   */
  static CongestionControl named(TcpSettings settings, TcpCounters counters) {
    KernelProfile profile = settings.profile();
    if (settings.congestionControl().equals("reno")) {
      return new Reno(profile.growsPerPacket());
    }
    return profile.growsPerPacket()
        ? new Cubic(settings.jiffies(), new HyStart(settings.hystartDetect(), counters))
        : new ClassicCubic(
            settings.jiffies(), new ClassicHyStart(settings.hystartDetect(), settings.jiffies()));
  }
}
