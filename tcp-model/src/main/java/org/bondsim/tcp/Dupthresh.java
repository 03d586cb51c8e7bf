package org.bondsim.tcp;

/**
 * RFC 6675's rule as {@code tcp_mark_head_lost} applies it with SACK: a segment is lost once {@code
 * reordering} SACKed segments lie above it. The segments below the {@code reordering}-th SACKed one
 * from the top qualify; those below the hint were considered before and stay as they were left
 * (lost, retransmitted or SACKed), since only undo clears a lost mark and resets the hint, as
 * Linux's {@code lost_skb_hint}; the queue keeps the hint and the count of SACKed segments below it
 * ({@code lost_cnt_hint}), so the walk starts where the last one stopped.
 */
final class Dupthresh implements LossDetection {
  private final RetransmitQueue queue;
  private final ReorderingEstimator reordering;

  Dupthresh(RetransmitQueue queue, ReorderingEstimator reordering) {
    this.queue = queue;
    this.reordering = reordering;
  }

  @Override
  public void markLosses() {
    int level = reordering.level();
    int sacked = queue.sackedOut();
    if (sacked < level) {
      return;
    }
    // The level-th SACKed segment from the top is the k-th from the bottom. Walk on from the
    // hint, counting the SACKed segments met, as tcp_mark_head_lost counts with lost_cnt_hint.
    int k = sacked - level + 1;
    int seen = queue.lostHint().sackedBelow();
    if (k <= seen) {
      return; // it lies below the hint: everything below it was considered before
    }
    for (int i = queue.firstAtOrAbove(queue.lostHint().seq()); i < queue.size(); i++) {
      int slot = queue.slot(i);
      if (queue.has(slot, RetransmitQueue.SACKED)) {
        if (++seen == k) {
          queue.lostHint().advance(queue.start(slot), k - 1);
          return;
        }
      } else if (queue.unmarked(slot)) {
        queue.markLost(slot);
      }
    }
  }

  /** Undo cleared the lost marks: every segment may qualify again. */
  void resetHint() {
    queue.lostHint().reset();
  }

  @Override
  public boolean timeToRecover() {
    return queue.lostOut() > 0 || queue.sackedOut() + 1 > reordering.level();
  }
}
