package org.bondsim.api.tcp.cc;

/**
 * A congestion-control module, one per connection, as Linux's {@code struct tcp_congestion_ops}:
 * the window in packets. The connection runs slow start itself ({@code tcp_slow_start}); the module
 * sets ssthresh at a loss, grows the window in congestion avoidance and may end slow start early
 * (HyStart). Window reduction during recovery (PRR) and the undo of a false reduction are the
 * connection's; the module only says what window an undo restores.
 *
 * <p>Called on the simulation's thread, on every ACK: keep the callbacks allocation-free.
 */
public interface CongestionControl {
  /**
   * Returns ssthresh after a loss ({@code ssthresh()}), called once when a reduction starts
   * (recovery, RTO, a repaired tail loss probe).
   *
   * @param tcp the connection; {@link ConnectionView#cwnd} is the window at the loss
   * @return the new ssthresh, at least 2
   */
  int ssthresh(ConnectionView tcp);

  /**
   * Grows the window in congestion avoidance ({@code cong_avoid} past {@code tcp_slow_start}),
   * called only while the window was the limit.
   *
   * @param tcp the connection
   * @param acked packets this ACK delivered that slow start did not use
   * @return the new window, at least 1
   */
  int congestionAvoidance(ConnectionView tcp, int acked);

  /**
   * Called after {@link #ssthresh} when a reduction starts, to reset per-epoch state.
   *
   * @param tcp the connection
   */
  default void onLoss(ConnectionView tcp) {}

  /**
   * An RTO put the connection in Loss ({@code set_state(TCP_CA_Loss)}).
   *
   * @param tcp the connection
   */
  default void onLossState(ConnectionView tcp) {}

  /**
   * Returns the window an undo restores ({@code undo_cwnd}); by default the window before the
   * reduction, as {@code tcp_reno_undo_cwnd} gives it.
   *
   * @param tcp the connection
   * @param priorCwnd the window when the reduction began ({@code prior_cwnd})
   * @return the restored window
   */
  default int undoCwnd(ConnectionView tcp, int priorCwnd) {
    return Math.max(tcp.cwnd(), priorCwnd);
  }

  /**
   * {@code pkts_acked}, once per ACK that released segments or gave an RTT sample, after the
   * scoreboard and before the RTT estimator took it.
   *
   * @param tcp the connection
   * @param ack the ACK
   * @return true to end slow start now (ssthresh = cwnd), as HyStart does
   */
  default boolean pktsAcked(ConnectionView tcp, AckView ack) {
    return false;
  }

  /**
   * An ACK that grows the window in slow start, before {@code tcp_slow_start} does (2.6.37's CUBIC
   * starts HyStart's next round here).
   *
   * @param tcp the connection
   * @param ack the ACK
   */
  default void onSlowStartAck(ConnectionView tcp, AckView ack) {}
}
