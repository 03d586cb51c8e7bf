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
  private final SackCache sackCache = new SackCache(TCP_NUM_SACKS);
  // The ACK's SACK blocks (less a DSACK) in sequence order, as indexes into its list.
  private final int[] blockOrder = new int[TCP_NUM_SACKS];

  SackTagger(RetransmitQueue queue, TcpCounters counters) {
    this.queue = queue;
    this.counters = counters;
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
      SackBlock block = blocks.get(0);
      sample.dsack = true;
      if (block.start() < sample.ack) {
        counters.dsackRecv++;
      } else {
        counters.dsackOfoRecv++;
      }
      Dsack.tag(queue, block, sample, mss);
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
}
