package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.AckView;

/**
 * What one incoming ACK changed, as {@code tcp_ack} gathers it in its {@code flag} word and {@code
 * rate_sample} for the stages after the scoreboard: the retransmit queue fills it, the reordering
 * estimator, loss detection, recovery and congestion control read it.
 *
 * <p>One instance per endpoint is reused for every ACK (reset first), so ACK processing allocates
 * nothing for it; a mutable holder rather than a record for that reason.
 */
final class AckSample implements AckView {
  /** The cumulative acknowledgment carried. */
  long ack;

  /**
   * The ACK is below snd_una ({@code tcp_ack}'s {@code old_ack}): only its SACK blocks count, and
   * congestion control does not run ({@code tcp_cong_control} is not reached).
   */
  boolean oldAck;

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

  /**
   * {@code sack_rtt_us}: from the lowest segment this ACK newly SACKed that was sent once ({@code
   * first_sackt}), or -1.
   */
  long sackRttNs;

  /** An RTT sample from a never-retransmitted segment, or -1 (Karn's rule). */
  long rttNs;

  /**
   * The RTT congestion control takes ({@code ca_rtt_us}): from the newest segment this ACK newly
   * SACKed that was never retransmitted ({@code last_sackt}), else from the newest it acknowledged
   * cumulatively and not SACKed before ({@code last_ackt}, none if any released segment was ever
   * retransmitted); -1 when neither exists.
   */
  long caRttNs;

  // The newest (highest) segment this ACK newly SACKed that was never retransmitted: its start and
  // when it was sent (last_sackt), -1 when none.
  private long lastSackedSeq;
  private long lastSackedSentNs;
  private long firstSackedSeq;
  private long firstSackedSentNs;

  // first_ackt, last_ackt: when the oldest and the newest segment this ACK acknowledged
  // cumulatively (not SACKed before, never retransmitted) were sent, -1 when none.
  private long firstAcktNs;
  private long lastAcktNs;

  /**
   * The lowest end of a segment sent once that this ACK newly SACKed or acknowledged (not SACKed
   * before), -1 when none: with {@code high_seq}, {@code FLAG_ORIG_SACK_ACKED} ({@link Frto}).
   */
  long origAckedEnd;

  /**
   * The lowest end of a segment sent once that this ACK newly SACKed, -1 when none (2.6.37's {@code
   * FLAG_ONLY_ORIG_SACKED}, {@link ClassicFrto}).
   */
  long sackedOnceLowEnd;

  /**
   * A segment the cumulative ACK released was retransmitted at some time ({@code
   * FLAG_RETRANS_DATA_ACKED}).
   */
  boolean retransAcked;

  /** Such a segment was not the first this ACK released ({@code FLAG_NONHEAD_RETRANS_ACKED}). */
  boolean nonHeadRetransAcked;

  /** snd_nxt when the ACK arrived. */
  long sndNxt;

  /**
   * The pacing rate HyStart's ACK-train cushion reads (bytes per second; {@link Pacing}), set only
   * in slow start. Linux reads {@code sk_pacing_rate} as the previous ACK stored it; the model
   * computes it when this ACK reaches {@code pkts_acked}, from the window and smoothed RTT not yet
   * changed by it but with the segments it released already out of packets_out.
   */
  long pacingRate;

  /**
   * {@code tcp_sacktag_write_queue}'s {@code state->reord}: the lowest start of a segment sent once
   * that this ACK newly SACKed below the highest SACK (or of a SACKed one a DSACK shows was
   * resent), -1 when none.
   */
  long sackReorderSeq;

  /**
   * {@code tcp_clean_rtx_queue}'s {@code reord}: the lowest start of a segment sent once that the
   * cumulative ACK covered without a SACK before, below the highest SACK the ACK found ({@code
   * prior_fack}), -1 when none.
   */
  long ackReorderSeq;

  /** {@code prior_fack}: where the highest SACK ended (snd_una if none) when the ACK arrived. */
  long priorFack;

  /**
   * The rate sample's {@code prior_delivered} ({@code tcp_rate_skb_delivered}): {@code
   * tp->delivered} when the most recently sent segment this ACK delivered was sent; -1 when it
   * delivered none.
   */
  long priorDelivered;

  private long rateSentNs;
  private long rateEnd;

  /**
   * Whether the first SACK block was a DSACK the sender reads ({@code FLAG_DSACKING_ACK}): not one
   * skipped as dubious.
   */
  boolean dsack;

  /**
   * {@code tp->undo_marker} when the ACK arrived, -1 for none: a DSACK counts toward an undo only
   * for data above it.
   */
  long undoMarker;

  /**
   * The echoed timestamp ({@code rcv_tsecr}) when timestamps are on and the ACK has one, else 0.
   */
  long tsEcr;

  /** {@code tp->max_window}: the largest window the peer offered, a DSACK's plausible extent. */
  long maxWindow;

  /** Duplicates a DSACK delivered ({@code sack_delivered}'s part), 0 before 6.x. */
  int dsackDelivered;

  /** Retransmitted segments above the undo marker that the DSACK covers and are still queued. */
  int dsackedRetransmissions;

  /**
   * Duplicates a DSACK below snd_una reports for data above the undo marker (already acknowledged:
   * {@code tcp_check_dsack}'s "forgotten data"), 0 otherwise.
   */
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
    oldAck = false;
    advanced = false;
    notDuplicate = false;
    acked = 0;
    released = 0;
    newestReleasedSentNs = -1;
    newlySacked = 0;
    newlyDelivered = 0;
    rttNs = -1;
    caRttNs = -1;
    lastSackedSeq = -1;
    lastSackedSentNs = -1;
    firstSackedSeq = -1;
    firstSackedSentNs = -1;
    sackRttNs = -1;
    firstAcktNs = -1;
    lastAcktNs = -1;
    origAckedEnd = -1;
    sackedOnceLowEnd = -1;
    retransAcked = false;
    nonHeadRetransAcked = false;
    sackReorderSeq = -1;
    ackReorderSeq = -1;
    priorDelivered = -1;
    rateSentNs = -1;
    rateEnd = -1;
    dsack = false;
    undoMarker = -1;
    maxWindow = 0;
    tsEcr = 0;
    dsackedRetransmissions = 0;
    dsackedBelowUna = 0;
    dsackDelivered = 0;
    walked = 0;
  }

  /**
   * snd_una after the ACK.
   *
   * @return the cumulative ACK if it advanced, else snd_una before it
   */
  @Override
  public long ack() {
    return ack;
  }

  @Override
  public int packetsAcked() {
    return released;
  }

  @Override
  public long sampleRttNs() {
    return caRttNs;
  }

  @Override
  public long newestReleasedSentNs() {
    return newestReleasedSentNs;
  }

  @Override
  public int priorInFlight() {
    return priorInFlight;
  }

  @Override
  public int delivered() {
    return newlyDelivered;
  }

  @Override
  public long sndNxt() {
    return sndNxt;
  }

  @Override
  public long pacingRate() {
    return pacingRate;
  }

  long sndUna() {
    return advanced ? ack : priorSndUna;
  }

  /**
   * A segment sent once was newly SACKed: the highest such gives {@code last_sackt} (Linux tags in
   * sequence order).
   */
  void sackedOnce(long start, long end, long sentNs) {
    if (start > lastSackedSeq) {
      lastSackedSeq = start;
      lastSackedSentNs = sentNs;
    }
    if (firstSackedSeq < 0 || start < firstSackedSeq) {
      firstSackedSeq = start;
      firstSackedSentNs = sentNs;
    }
    if (sackedOnceLowEnd < 0 || end < sackedOnceLowEnd) {
      sackedOnceLowEnd = end;
    }
    origAcked(end);
  }

  /** A segment sent once, not SACKed before, was acknowledged cumulatively (in sequence order). */
  void ackedOnce(long sentNs, long end) {
    if (firstAcktNs < 0) {
      firstAcktNs = sentNs;
    }
    lastAcktNs = sentNs;
    origAcked(end);
  }

  private void origAcked(long end) {
    if (origAckedEnd < 0 || end < origAckedEnd) {
      origAckedEnd = end;
    }
  }

  /**
   * The cumulative ACK's RTT samples ({@code tcp_clean_rtx_queue}): {@link #rttNs} from the oldest
   * segment it acknowledged ({@link #ackedOnce}), {@link #caRttNs} from the newest, or from the
   * newest newly SACKed one when there is one.
   *
   * @param now the time
   * @param retransAcked a released segment was ever retransmitted: no sample from the ACK
   */
  void rttSamples(long now, boolean retransAcked) {
    if (firstAcktNs >= 0 && !retransAcked) {
      rttNs = now - firstAcktNs;
      caRttNs = now - lastAcktNs;
    }
    if (lastSackedSentNs >= 0) {
      caRttNs = now - lastSackedSentNs;
      sackRttNs = now - firstSackedSentNs;
    }
  }

  /**
   * A segment was newly SACKed or acknowledged: the rate sample follows the one sent last (later
   * send time, or the same and a higher end: {@code tcp_skb_sent_after}).
   */
  void rateDelivered(long sentNs, long end, long txDelivered) {
    if (priorDelivered < 0 || sentNs > rateSentNs || (sentNs == rateSentNs && end > rateEnd)) {
      priorDelivered = txDelivered;
      rateSentNs = sentNs;
      rateEnd = end;
    }
  }

  /** A SACK filled a hole at {@code start}. */
  void sackReordered(long start) {
    if (sackReorderSeq < 0 || start < sackReorderSeq) {
      sackReorderSeq = start;
    }
  }

  /** The cumulative ACK filled a hole at {@code start}. */
  void ackReordered(long start) {
    if (ackReorderSeq < 0 || start < ackReorderSeq) {
      ackReorderSeq = start;
    }
  }
}
