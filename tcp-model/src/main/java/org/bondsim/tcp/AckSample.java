package org.bondsim.tcp;

/**
 * What one incoming ACK changed, as {@code tcp_ack} gathers it in its {@code flag} word and {@code
 * rate_sample} for the stages after the scoreboard: the retransmit queue fills it, the reordering
 * estimator, loss detection, recovery and congestion control read it.
 *
 * <p>One instance per endpoint is reused for every ACK (reset first), so ACK processing allocates
 * nothing for it; a mutable holder rather than a record for that reason.
 */
final class AckSample {
  /** The cumulative acknowledgment carried. */
  long ack;

  /** snd_una before this ACK. */
  long priorSndUna;

  /**
   * Segments in flight before this ACK ({@code prior_in_flight}, {@code tcp_packets_in_flight}).
   */
  int priorInFlight;

  /** Whether snd_una advanced ({@code FLAG_SND_UNA_ADVANCED}). */
  boolean advanced;

  /**
   * {@code FLAG_NOT_DUP}: the ACK carried data, updated the window or acknowledged new data; one
   * with none of these, or with new SACK information, or outside Open, is "dubious".
   */
  boolean notDuplicate;

  /** Segments newly acknowledged cumulatively that were not SACKed before. */
  int acked;

  /** Segments the cumulative ACK released, SACKed ones included ({@code pkts_acked}). */
  int released;

  /**
   * When the newest released segment was sent, or -1 if none was released or any released one was
   * ever retransmitted ({@code ca_seq_rtt} and {@code FLAG_RETRANS_DATA_ACKED}).
   */
  long newestReleasedSentNs;

  /** Segments newly SACKed. */
  int newlySacked;

  /** Segments this ACK delivered, as {@code tcp_newly_delivered} (Reno: one per dupack). */
  int newlyDelivered;

  /** An RTT sample from a never-retransmitted segment, or -1 (Karn's rule). */
  long rttNs;

  /** The largest reordering distance this ACK proves, in bytes, or -1. */
  long reorderDistance;

  /** Whether the first SACK block was a DSACK ({@code FLAG_DSACKING_ACK}). */
  boolean dsack;

  /** Retransmitted segments the DSACK covers that are still queued. */
  int dsackedRetransmissions;

  /** Segments a DSACK below snd_una covers (already acknowledged), 0 otherwise. */
  long dsackedBelowUna;

  /**
   * Retransmit-queue segments the SACK blocks made the queue look at ({@code tcp_sacktag_walk}'s
   * visits and {@code tcp_check_dsack}'s): the scoreboard work this ACK cost.
   */
  int walked;

  void reset(long ack, long sndUna) {
    this.ack = ack;
    this.priorSndUna = sndUna;
    priorInFlight = 0;
    advanced = false;
    notDuplicate = false;
    acked = 0;
    released = 0;
    newestReleasedSentNs = -1;
    newlySacked = 0;
    newlyDelivered = 0;
    rttNs = -1;
    reorderDistance = -1;
    dsack = false;
    dsackedRetransmissions = 0;
    dsackedBelowUna = 0;
    walked = 0;
  }

  void reordered(long distanceBytes) {
    reorderDistance = Math.max(reorderDistance, distanceBytes);
  }
}
