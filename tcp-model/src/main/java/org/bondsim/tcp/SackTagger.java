package org.bondsim.tcp;

import java.util.List;
import org.bondsim.api.tcp.SackBlock;

/**
 * {@code tcp_sacktag_write_queue}'s handling of one ACK's blocks: the first is a DSACK when it lies
 * below the ACK or inside the second block (RFC 2883); the rest are sorted by sequence and each is
 * walked only where the previous ACK's blocks ({@link SackCache}) did not cover it. The walk itself
 * ({@link RetransmitQueue#walk}) marks the segments.
 */
final class SackTagger {
  // The most blocks an ACK carries (include/linux/tcp.h): 40 option bytes hold four.
  private static final int TCP_NUM_SACKS = 4;

  private final RetransmitQueue queue;
  private final TcpCounters counters;
  private final boolean dsackDelivers;
  // tp->dsack_dups: duplicates the peer's DSACKs reported over the connection.
  private long dsackDups;
  private final SackCache sackCache = new SackCache(TCP_NUM_SACKS);
  // The ACK's SACK blocks (less a DSACK) in sequence order, as indexes into its list.
  private final int[] blockOrder = new int[TCP_NUM_SACKS];

  /**
   * {@code tp->dsack_dups}: the duplicate segments the peer's DSACKs reported, or -1 on a kernel
   * that keeps no such count (before the DSACK became a delivery: 2.6.37, 3.16).
   */
  long dsackDups() {
    return dsackDelivers ? dsackDups : -1;
  }

  SackTagger(RetransmitQueue queue, TcpCounters counters, boolean dsackDelivers) {
    this.queue = queue;
    this.counters = counters;
    this.dsackDelivers = dsackDelivers;
  }

  /**
   * Tags the queue with an ACK's blocks.
   *
   * @param previousHighestSacked the highest SACKed sequence before this ACK: a segment SACKed
   *     below it was reordered
   */
  void tag(
      List<SackBlock> blocks, AckSample sample, long now, int mss, long previousHighestSacked) {
    int first = 0;
    if (!blocks.isEmpty() && Dsack.isDsack(blocks.get(0), blocks, sample.ack)) {
      readDsack(blocks.get(0), sample, mss);
      first = 1;
    }
    // Linux sorts the blocks by sequence before it walks them; the order decides which segment
    // RACK's RTT comes from (the last one delivered).
    int n = 0;
    for (int b = first; b < blocks.size() && n < TCP_NUM_SACKS; b++) {
      long start = blocks.get(b).start();
      int at = n++;
      while (at > 0 && blocks.get(blockOrder[at - 1]).start() > start) {
        blockOrder[at] = blockOrder[at - 1];
        at--;
      }
      blockOrder[at] = b;
    }
    for (int k = 0; k < n; k++) {
      SackBlock block = blocks.get(blockOrder[k]);
      // tcp_sacktag_write_queue's cache: skip what the previous ACK's blocks already covered.
      // At most two stretches: below and above the cached block. One call site for walk keeps
      // the JIT from compiling the walk three times into this method.
      int c = sackCache.overlapping(block);
      long belowEnd = c < 0 ? block.end() : Math.min(block.end(), sackCache.start(c));
      long aboveStart = c < 0 ? block.end() : Math.max(block.start(), sackCache.end(c));
      for (int part = 0; part < 2; part++) {
        long from = part == 0 ? block.start() : aboveStart;
        long to = part == 0 ? belowEnd : block.end();
        if (from < to) {
          queue.walk(from, to, block, sample, now, previousHighestSacked);
        }
      }
      // A block reaching past snd_nxt covers data not sent yet: not a promise about what will be.
      if (block.end() <= queue.sndNxt()) {
        sackCache.record(block);
      }
    }
    sackCache.ackDone();
  }

  /**
   * {@code tcp_check_dsack} and the DSACK's turn in {@code tcp_sacktag_write_queue}: counts it,
   * skips it when dubious ({@code tcp_dsack_seen}), lets a block below snd_una report duplicates of
   * data above the undo marker, and walks it only when {@code tcp_is_sackblock_valid} takes it. A
   * dubious DSACK is skipped whole: read as a plain SACK block, it would lie below snd_una or
   * inside the next block, and change nothing.
   */
  private void readDsack(SackBlock block, AckSample sample, int mss) {
    if (block.start() < sample.ack) {
      counters.dsackRecv++;
    } else {
      counters.dsackOfoRecv++;
    }
    long length = block.end() - block.start();
    long duplicates = 1;
    if (dsackDelivers) {
      if (length <= 0 || length > sample.maxWindow) {
        counters.dsackIgnoredDubious++;
        return;
      }
      duplicates = (length + mss - 1) / mss;
      dsackDups += duplicates;
      // "Skip the DSACK if dup segs weren't retransmitted by sender": a network's copy.
      if (dsackDups > queue.totalRetrans()) {
        counters.dsackIgnoredDubious++;
        return;
      }
      // "A spurious retransmission is delivered" (sack_delivered).
      sample.dsackDelivered = (int) duplicates;
    }
    sample.dsack = true;
    // Here snd_una is still the one before the ACK (prior_snd_una).
    if (sample.undoMarker >= 0
        && block.end() <= queue.sndUna()
        && block.end() > sample.undoMarker) {
      sample.dsackedBelowUna = duplicates;
    }
    if (!Dsack.valid(block, Math.max(sample.ack, queue.sndUna()), queue.sndNxt(), sample)) {
      if (sample.undoMarker < 0) {
        counters.dsackIgnoredNoUndo++;
      } else {
        counters.dsackIgnoredOld++;
      }
      return;
    }
    Dsack.tag(queue, block, sample);
  }
}
