package org.bondsim.tcp;

import java.util.List;
import org.bondsim.api.tcp.SackBlock;

/**
 * The sender's segments between snd_una and snd_nxt in sequence order, with each one's send time
 * and scoreboard marks (Linux's retransmit queue and its {@code sacked} bits), and the counts the
 * rest of the sender reads: {@code sacked_out}, {@code lost_out}, {@code retrans_out}. Nothing else
 * changes a mark.
 *
 * <p>Every lookup is by bisection or through an index, so an ACK costs what it changed, as Linux's
 * {@code tcp_sacktag_bsearch}, {@code recv_sack_cache}, {@code lost_skb_hint} and {@code
 * retransmit_skb_hint} make it: a SACK block's walk jumps over the runs of segments SACKed before
 * ({@link #firstUnsackedFrom}), the search for the reordering-th SACKed segment from the top and
 * the one for the next lost segment to retransmit resume where the last ones stopped.
 */
final class RetransmitQueue {
  static final int SACKED = 1;
  static final int LOST = 2;
  static final int RETRANS = 4;
  static final int EVER_RETRANS = 8;
  static final int PUSH = 16;

  /**
   * The first segment of what one transmission of new data sent: where Linux's retransmit queue
   * starts an skb ({@code tcp_write_xmit} sends each GSO packet as one skb).
   */
  static final int SKB_START = 32;

  /** The FIN: one sequence number, alone or after the last data ({@code tcp_send_fin}). */
  static final int FIN = 64;

  // What a segment keeps whatever the scoreboard does to it: its history and what it is.
  private static final int PERMANENT = EVER_RETRANS | PUSH | FIN | SKB_START;

  private final TcpCounters counters;
  private final Rack rack;
  private long[] segStart = new long[64];
  private int[] segLen = new int[64];
  private long[] segSent = new long[64];
  // tcp_rate_skb_sent's tx.delivered: tp->delivered when the segment was last sent.
  private long[] segTxDelivered = new long[64];
  private int[] segState = new int[64];
  // For a SACKED segment, the number (see headNumber) of a later segment such that every segment
  // between the two is SACKED too: links a walk follows over a run of SACKed segments, shortened
  // as they are followed (path halving), so a run costs about one step however long it is. Linux
  // gets the same from merging SACKed skbs (tcp_shift_skb_data).
  private long[] skipTo = new long[64];
  // Segments are numbered in the order they were queued; the one at head has this number.
  private long headNumber;
  private final SendTimeOrder sendOrder = new SendTimeOrder(64);
  private int head;
  private int count;
  private long sndUna;
  private long sndNxt;
  private int sackedOut;
  private int lostOut;
  private int retransOut;
  // tp->delivered: segments SACKed or cumulatively acknowledged, each once (tcp_count_delivered).
  private long delivered;
  // tp->lost: every time a segment was marked lost, a lost retransmission included.
  private long lossEvents;
  private long totalRetrans;
  private int renoSacked;
  private long highestSacked = -1;
  private final LostHint lostHint = new LostHint();
  // Every segment starting below this holds no mark that makes it due for retransmission.
  private long retransmitHintSeq;
  private final SackTagger tagger;
  private final SeqSearch search = new SeqSearch();

  /**
   * @param counters the host's counters
   * @param rack RACK's state, advanced by each delivery
   * @param dsackDelivers whether a DSACK is a delivery, counted in segments, and dubious ones are
   *     skipped ({@link KernelProfile#dsackDelivers})
   */
  RetransmitQueue(TcpCounters counters, Rack rack, boolean dsackDelivers) {
    this.counters = counters;
    this.rack = rack;
    this.tagger = new SackTagger(this, counters, dsackDelivers);
  }

  // ----------------------------------------------------------------- reading

  int size() {
    return count;
  }

  long sndUna() {
    return sndUna;
  }

  long sndNxt() {
    return sndNxt;
  }

  int sackedOut() {
    return sackedOut;
  }

  int lostOut() {
    return lostOut;
  }

  /** {@code tp->delivered}: segments delivered so far, each counted once. */
  long delivered() {
    return delivered;
  }

  /**
   * {@code tcp_count_delivered}: the ACK's deliveries join {@code tp->delivered}. Linux counts them
   * in {@code tcp_ack}'s main path only; an old ACK's SACKs never join it.
   */
  void countDelivered(int segments) {
    delivered += segments;
  }

  /** {@code tp->lost}: times a segment was marked lost, ever (the rate sample's losses). */
  long lossEvents() {
    return lossEvents;
  }

  int retransOut() {
    return retransOut;
  }

  /**
   * {@code tcp_packets_in_flight}: sent, less SACKed and lost, plus retransmitted. Without SACK the
   * duplicate ACKs count as SACKed ({@code tcp_add_reno_sack}), bounded so at least one hole stays
   * ({@code tcp_limit_reno_sacked}); that is what lets each of the first duplicates send a new
   * segment (RFC 3042 limited transmit).
   */
  int packetsInFlight() {
    int reno = Math.max(0, Math.min(renoSacked, count - Math.max(lostOut, 1)));
    return count - sackedOut - reno - lostOut + retransOut;
  }

  /** The duplicate ACKs a peer without SACK sent, counted as SACKed by Reno. */
  int renoSacked() {
    return renoSacked;
  }

  /** Sets Reno's count of duplicate ACKs ({@link NewRenoDupacks} keeps it up to date). */
  void renoSacked(int dupacks) {
    renoSacked = dupacks;
  }

  /** The highest end of any segment ever SACKed, or -1. */
  long highestSacked() {
    return highestSacked;
  }

  /**
   * {@code tcp_highest_sack_seq}: where the highest SACKed segment ends, or snd_una when nothing is
   * SACKed.
   */
  long fack() {
    return sackedOut > 0 ? highestSacked : sndUna();
  }

  /** The ring slot of the segment at queue index {@code index} (0 = snd_una's). */
  int slot(int index) {
    return (head + index) & (segStart.length - 1);
  }

  long start(int slot) {
    return segStart[slot];
  }

  long end(int slot) {
    return segStart[slot] + segLen[slot];
  }

  int length(int slot) {
    return segLen[slot];
  }

  long sentAt(int slot) {
    return segSent[slot];
  }

  boolean has(int slot, int mark) {
    return (segState[slot] & mark) != 0;
  }

  /** The slot of the earliest-sent segment not SACKed, or -1 ({@code tsorted_sent_queue}). */
  int firstSent() {
    return sendOrder.first();
  }

  /** The slot sent next after {@code slot} among those not SACKed, or -1. */
  int nextSent(int slot) {
    return sendOrder.next(slot);
  }

  /** Whether the segment is lost and neither SACKed nor retransmitted since. */
  boolean dueForRetransmission(int slot) {
    return (segState[slot] & (LOST | SACKED | RETRANS)) == LOST;
  }

  /** Whether the segment carries no mark but {@code EVER_RETRANS}/{@code PUSH}. */
  boolean unmarked(int slot) {
    return (segState[slot] & (SACKED | LOST | RETRANS)) == 0;
  }

  /** The first queue index whose segment starts at or above {@code seq} (size if none). */
  int firstAtOrAbove(long seq) {
    return search.firstAtOrAbove(segStart, head, count, sndNxt, seq);
  }

  /**
   * {@code fackets_out}: segments from snd_una up to and including the highest SACKed one, found
   * from where it ends rather than by a scan. That segment is still queued while any SACKed one is:
   * cumulative ACKs release segments from the front.
   */
  int facketsOut() {
    return sackedOut == 0 ? 0 : firstAtOrAbove(highestSacked);
  }

  /** {@code tcp_mark_head_lost}'s hints, which SACKing and releasing keep current. */
  LostHint lostHint() {
    return lostHint;
  }

  // ----------------------------------------------------------------- sending

  /** Appends a new segment at snd_nxt, not yet sent; returns its slot. */
  int append(int len, boolean push) {
    if (count == segStart.length) {
      grow();
    }
    int slot = slot(count);
    segStart[slot] = sndNxt;
    segLen[slot] = len;
    segState[slot] = push ? PUSH : 0;
    count++;
    sndNxt += len;
    return slot;
  }

  /** Appends the FIN at snd_nxt: it takes one sequence number and carries no byte. */
  int appendFin() {
    int slot = append(1, false);
    segState[slot] |= FIN;
    return slot;
  }

  /**
   * Appends the last data segment with the FIN on it ({@code tcp_send_fin} sets FIN on the unsent
   * tail skb): {@code len} bytes and one more sequence number.
   */
  int appendWithFin(int len, boolean push) {
    int slot = append(len + 1, push);
    segState[slot] |= FIN;
    return slot;
  }

  /** Stamps a (re)transmission; a retransmission is marked and counted in retrans_out. */
  void sent(int slot, long now, boolean retransmission) {
    segSent[slot] = now;
    segTxDelivered[slot] = delivered;
    sendOrder.sent(slot);
    if (retransmission) {
      segState[slot] |= RETRANS | EVER_RETRANS;
      retransOut++;
      totalRetrans++;
    }
  }

  /** The segment starts an skb: the first of a transmission of new data ({@link #SKB_START}). */
  void startsSkb(int slot) {
    segState[slot] |= SKB_START;
  }

  /**
   * The bytes of the skb Linux would retransmit from {@code slot}, the next segment due: RACK marks
   * and {@code tcp_xmit_retransmit_queue} sends whole skbs of the retransmit queue, each a piece of
   * one GSO packet as sent, cut only where a SACK block ended inside it ({@code
   * tcp_match_skb_to_sack}) or a retransmission took its head ({@code tcp_retransmit_skb}'s {@code
   * tcp_fragment}); a segment retransmitted before is an skb of its own. Walks the piece, as many
   * segments as one GSO packet holds at most.
   */
  int lostSkbBytes(int slot) {
    int bytes = segLen[slot];
    if ((segState[slot] & EVER_RETRANS) != 0) {
      return bytes;
    }
    int mask = segStart.length - 1;
    int index = (slot - head) & mask;
    for (int i = index + 1; i < count; i++) {
      int next = slot(i);
      int flags = segState[next];
      if ((flags & (SKB_START | EVER_RETRANS)) != 0 || !dueForRetransmission(next)) {
        break;
      }
      bytes += segLen[next];
    }
    return bytes;
  }

  /** {@code tp->dsack_dups}, or -1 where the kernel keeps none ({@link SackTagger#dsackDups}). */
  long dsackDups() {
    return tagger.dsackDups();
  }

  /** {@code tp->total_retrans}: segments retransmitted over the connection, loss probes too. */
  long totalRetrans() {
    return totalRetrans;
  }

  /** A tail loss probe resends the last segment: marked ever-retransmitted, not counted out. */
  void probed(int slot, long now) {
    segSent[slot] = now;
    segTxDelivered[slot] = delivered;
    sendOrder.sent(slot);
    segState[slot] |= EVER_RETRANS;
    totalRetrans++;
  }

  /**
   * The slot of the first segment due for retransmission, or -1, resuming from where the last
   * search stopped ({@code retransmit_skb_hint}).
   */
  int nextToRetransmit() {
    for (int i = firstAtOrAbove(retransmitHintSeq); i < count; i++) {
      int slot = slot(i);
      if (dueForRetransmission(slot)) {
        retransmitHintSeq = segStart[slot];
        return slot;
      }
    }
    retransmitHintSeq = sndNxt;
    return -1;
  }

  // ----------------------------------------------------------------- marks

  /**
   * Marks a segment lost; a retransmission lost again leaves retrans_out and is counted ({@code
   * TCPLostRetransmit}), and is due for retransmission once more.
   */
  void markLost(int slot) {
    int flags = segState[slot];
    if ((flags & (LOST | RETRANS)) != LOST) {
      lossEvents++;
    }
    if ((flags & RETRANS) != 0) {
      retransOut--;
      counters.lostRetransmit++;
    }
    if ((flags & LOST) == 0) {
      lostOut++;
    }
    segState[slot] = (flags & ~RETRANS) | LOST;
    retransmitHintSeq = Math.min(retransmitHintSeq, segStart[slot]);
  }

  /** Undo: no segment is lost after all ({@code tcp_undo_cwnd_reduction} clears the marks). */
  void clearLost() {
    for (int i = 0; i < count && lostOut > 0; i++) {
      int slot = slot(i);
      if ((segState[slot] & LOST) != 0) {
        segState[slot] &= ~LOST;
        lostOut--;
      }
    }
  }

  /**
   * 2.6.37's RTO ({@code tcp_enter_loss}, {@code tcp_enter_frto_loss}): every segment not SACKed is
   * lost and no retransmission is out, except, with {@code keepHead}, the head's, which also does
   * not count as an earlier one (F-RTO's fall back on a duplicate ACK at its first step).
   *
   * @return whether any other segment in the queue, SACKed or not, was ever retransmitted ({@code
   *     TCPCB_RETRANS}), which rules out undo
   */
  boolean markAllLost(boolean keepHead) {
    boolean retransmitted = false;
    for (int i = 0; i < count; i++) {
      int slot = slot(i);
      int flags = segState[slot];
      boolean kept = keepHead && i == 0 && (flags & RETRANS) != 0;
      retransmitted |= !kept && (flags & (RETRANS | EVER_RETRANS)) != 0;
      if ((flags & SACKED) != 0) {
        continue;
      }
      if ((flags & RETRANS) != 0 && !kept) {
        retransOut--;
      }
      if ((flags & LOST) == 0) {
        lostOut++;
        lossEvents++;
      }
      segState[slot] = (flags & (kept ? PERMANENT | RETRANS : PERMANENT)) | LOST;
    }
    retransmitHintSeq = sndUna;
    return retransmitted;
  }

  /**
   * {@code tcp_enter_frto}: the head's retransmission no longer counts as out ({@code
   * TCPCB_SACKED_RETRANS} cleared); it stays one ever made.
   */
  void forgetHeadRetransmission() {
    int slot = slot(0);
    if (count > 0 && (segState[slot] & RETRANS) != 0) {
      segState[slot] &= ~RETRANS;
      retransOut--;
    }
  }

  /** {@code tcp_clear_all_retrans_hints}: the next search for a lost segment starts at snd_una. */
  void clearRetransmitHint() {
    retransmitHintSeq = sndUna;
  }

  /** Marks the segment at queue index {@code index} SACKED. */
  private void markSacked(int index, long now) {
    int slot = slot(index);
    int flags = segState[slot];
    if ((flags & LOST) != 0) {
      lostOut--;
    }
    if ((flags & RETRANS) != 0) {
      retransOut--;
    }
    sendOrder.remove(slot);
    segState[slot] = (segState[slot] & PERMANENT) | SACKED;
    sackedOut++;
    lostHint.sackedChanged(segStart[slot], 1);
    skipTo[slot] = headNumber + index + 1;
    rack.advance(segSent[slot], segStart[slot] + segLen[slot], now, (flags & EVER_RETRANS) != 0);
  }

  /**
   * The queue index of the first segment at or after {@code index} that is not SACKED ({@code
   * count} if none), following the skip links and halving each path as it goes.
   */
  private int firstUnsackedFrom(int index) {
    int i = index;
    while (i < count && (segState[slot(i)] & SACKED) != 0) {
      int slot = slot(i);
      int j = (int) (skipTo[slot] - headNumber);
      if (j < count && (segState[slot(j)] & SACKED) != 0) {
        skipTo[slot] = skipTo[slot(j)];
        j = (int) (skipTo[slot] - headNumber);
      }
      i = j;
    }
    return i;
  }

  // ----------------------------------------------------------------- an ACK

  /**
   * {@code tcp_sacktag_write_queue}: applies an ACK's SACK blocks ({@link SackTagger}), DSACK
   * first.
   */
  void sackTag(List<SackBlock> blocks, AckSample sample, long now, int mss) {
    sample.priorFack = fack();
    tagger.tag(blocks, sample, now, mss, highestSacked);
  }

  /**
   * Walks {@code [from, to)} inside {@code block}: SACKs the segments the block covers wholly,
   * jumping over runs SACKed before. A segment sent once and SACKed below the previous highest SACK
   * was reordered: its distance is the evidence {@code tcp_sacktag_one} keeps. Each segment not
   * SACKed before that the walk reaches counts as walked (the scoreboard work).
   */
  void walk(long from, long to, SackBlock block, AckSample sample, long now, long previousHighest) {
    int i = firstAtOrAbove(from);
    if (i > 0 && end(slot(i - 1)) > from) {
      i--; // it starts below the stretch and reaches into it
    }
    while (i < count) {
      int slot = slot(i);
      if ((segState[slot] & SACKED) != 0) {
        i = firstUnsackedFrom(i);
        continue;
      }
      long start = segStart[slot];
      long end = start + segLen[slot];
      if (start >= to) {
        break;
      }
      sample.walked++;
      if (start >= block.start() && end <= block.end()) {
        markSacked(i, now);
        sample.newlySacked++;
        sample.rateDelivered(segSent[slot], end, segTxDelivered[slot]);
        if ((segState[slot] & EVER_RETRANS) == 0) {
          sample.sackedOnce(start, end, segSent[slot]);
          if (end <= previousHighest) {
            sample.sackReordered(start);
          }
        }
        highestSacked = Math.max(highestSacked, end);
      }
      i++;
    }
    search.remember(segStart, head, count, i);
  }

  /**
   * {@code tcp_clean_rtx_queue}: drops the segments the cumulative ACK covers. Each one never
   * retransmitted gives an RTT sample and advances RACK; one that fills a hole below the highest
   * SACK arrived late, not lost.
   */
  void cumulativeAck(AckSample sample, long now) {
    long ack = sample.ack;
    // No RTT sample if any released segment was ever retransmitted (FLAG_RETRANS_DATA_ACKED,
    // Karn's rule: the later ones were received long before).
    boolean retransAcked = false;
    while (count > 0) {
      int slot = head;
      long end = segStart[slot] + segLen[slot];
      if (end > ack) {
        break;
      }
      int flags = segState[slot];
      if ((flags & EVER_RETRANS) != 0) {
        sample.nonHeadRetransAcked |= sample.released > 0;
        retransAcked = true;
      }
      sample.released++;
      // ca_seq_rtt's segment; none at all if any released one was retransmitted (below).
      sample.newestReleasedSentNs = segSent[slot];
      if ((flags & SACKED) != 0) {
        sackedOut--;
        lostHint.sackedChanged(segStart[slot], -1);
      } else {
        sample.acked++;
        // A SACKed segment gave its rate sample when it was SACKed (delivered_mstamp cleared).
        sample.rateDelivered(segSent[slot], end, segTxDelivered[slot]);
        if ((flags & EVER_RETRANS) == 0) {
          sample.ackedOnce(segSent[slot], end);
          rack.advance(segSent[slot], end, now, false);
          if (segStart[slot] < sample.priorFack) {
            sample.ackReordered(segStart[slot]);
          }
        } else {
          rack.advanceOnRetransmissionAcked(segSent[slot], end, now, sample.tsEcr);
        }
      }
      if ((flags & LOST) != 0) {
        lostOut--;
      }
      if ((flags & RETRANS) != 0) {
        retransOut--;
      }
      sendOrder.remove(slot);
      head = (head + 1) & (segStart.length - 1);
      headNumber++;
      count--;
    }
    sample.rttSamples(now, retransAcked);
    sample.retransAcked = retransAcked;
    if (retransAcked) {
      sample.newestReleasedSentNs = -1;
    }
    if (ack > sndUna) {
      sample.advanced = true;
      sndUna = ack;
    }
  }

  private void grow() {
    int n = segStart.length;
    long[] s = new long[2 * n];
    int[] l = new int[2 * n];
    long[] t = new long[2 * n];
    long[] d = new long[2 * n];
    int[] f = new int[2 * n];
    long[] k = new long[2 * n];
    int[] newIndex = new int[n];
    for (int i = 0; i < count; i++) {
      int from = slot(i);
      s[i] = segStart[from];
      l[i] = segLen[from];
      t[i] = segSent[from];
      d[i] = segTxDelivered[from];
      f[i] = segState[from];
      k[i] = skipTo[from];
      newIndex[from] = i;
    }
    sendOrder.renumber(2 * n, newIndex);
    segStart = s;
    segLen = l;
    segSent = t;
    segTxDelivered = d;
    segState = f;
    skipTo = k;
    head = 0;
  }
}
