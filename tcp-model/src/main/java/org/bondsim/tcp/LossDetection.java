package org.bondsim.tcp;

/**
 * How the sender decides that a segment is lost, the closed set Linux has used: RACK's time-based
 * detection ({@code tcp_recovery.c}), RFC 6675's duplicate threshold over SACKed segments, FACK's
 * forward-most count (2.6.37), and NewReno's duplicate ACKs without SACK ({@code
 * tcp_add_reno_sack}). The endpoint asks {@link TcpEndpoint} for the one in force at each ACK: FACK
 * gives way to the threshold once reordering is seen, as {@code tcp_disable_fack}. On 3.16 early
 * retransmit wraps the detector in force ({@link EarlyRetransmit}).
 */
sealed interface LossDetection permits Rack, Dupthresh, Fack, NewRenoDupacks, EarlyRetransmit {
  /**
   * Marks what this detector considers lost ({@code tcp_rack_mark_lost}, {@code
   * tcp_mark_head_lost}).
   */
  void markLosses();

  /**
   * {@code tcp_time_to_recover}: whether the marks (or the duplicate count) call for fast recovery.
   *
   * @return true to enter recovery
   */
  boolean timeToRecover();

  /**
   * Whether reaching the threshold with nothing marked marks the head lost ({@code
   * tcp_mark_head_lost} with one packet), which RACK does not do.
   *
   * @return true for the counting detectors
   */
  default boolean marksHeadWhenRecovering() {
    return true;
  }

  /**
   * Whether a partial ACK in recovery marks the next hole lost (NewReno, RFC 6582).
   *
   * @return true without SACK
   */
  default boolean partialAckMarksHead() {
    return false;
  }
}
