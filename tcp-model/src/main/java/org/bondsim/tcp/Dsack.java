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
   * {@code tcp_is_sackblock_valid} for a DSACK: one inside the outstanding window always counts;
   * one below snd_una only while an undo marker is set and then not below it, but for a block that
   * straddles the marker by at most the peer's largest window.
   *
   * @param sndUna snd_una after the ACK
   * @param sndNxt snd_nxt
   * @param sample the ACK's undo marker and largest window
   */
  static boolean valid(SackBlock block, long sndUna, long sndNxt, AckSample sample) {
    long start = block.start();
    long end = block.end();
    if (end > sndNxt || start >= end) {
      return false;
    }
    if (start > sndUna) {
      return true;
    }
    long marker = sample.undoMarker;
    if (marker < 0 || end > sndUna) {
      return false;
    }
    if (start >= marker) {
      return true;
    }
    return end > marker && start >= end - sample.maxWindow;
  }

  /**
   * {@code tcp_sacktag_one}'s DSACK part for the queued segments the block covers: each
   * retransmission above the undo marker is one fewer for undo to wait for, and a SACKed
   * retransmission is reordering evidence.
   */
  static void tag(RetransmitQueue queue, SackBlock block, AckSample sample) {
    for (int i = queue.firstAtOrAbove(block.start()); i < queue.size(); i++) {
      int slot = queue.slot(i);
      long start = queue.start(slot);
      if (start >= block.end()) {
        break;
      }
      sample.walked++;
      if (queue.has(slot, RetransmitQueue.EVER_RETRANS)) {
        if (sample.undoMarker >= 0 && start + queue.length(slot) > sample.undoMarker) {
          sample.dsackedRetransmissions++;
        }
        if (queue.has(slot, RetransmitQueue.SACKED)) {
          sample.sackReordered(start);
        }
      }
    }
  }
}
