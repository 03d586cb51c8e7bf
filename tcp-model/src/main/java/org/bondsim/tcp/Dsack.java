package org.bondsim.tcp;

import java.util.List;
import org.bondsim.api.tcp.SackBlock;

/**
 * A DSACK block (RFC 2883) as the sender reads it: which first block is one ({@code
 * tcp_check_dsack}), and what the segments it covers say ({@code tcp_sacktag_one}'s DSACK part).
 * Reads the queue, changes no mark.
 */
final class Dsack {
  private Dsack() {}

  /** The first block is a DSACK when it lies below the ACK or inside the second block. */
  static boolean isDsack(SackBlock first, List<SackBlock> blocks, long ack) {
    return first.start() < ack
        || (blocks.size() > 1
            && first.start() >= blocks.get(1).start()
            && first.end() <= blocks.get(1).end());
  }

  /**
   * Counts the retransmissions the block proves needless for undo, and takes a SACKed
   * retransmission it covers as reordering evidence; a block below snd_una counts in whole
   * segments.
   */
  static void tag(RetransmitQueue queue, SackBlock block, AckSample sample, int mss) {
    for (int i = queue.firstAtOrAbove(block.start()); i < queue.size(); i++) {
      int slot = queue.slot(i);
      if (queue.start(slot) >= block.end()) {
        break;
      }
      sample.walked++;
      if (queue.has(slot, RetransmitQueue.EVER_RETRANS)) {
        sample.dsackedRetransmissions++;
        if (queue.has(slot, RetransmitQueue.SACKED)) {
          sample.sackReordered(queue.start(slot));
        }
      }
    }
    if (block.end() <= queue.sndUna()) {
      sample.dsackedBelowUna = Math.max(1, (block.end() - block.start() + mss - 1) / mss);
    }
  }
}
