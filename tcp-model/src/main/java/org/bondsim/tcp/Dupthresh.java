package org.bondsim.tcp;

/**
 * RFC 6675's rule as {@code tcp_mark_head_lost} applies it with SACK: a segment is lost once {@code
 * reordering} SACKed segments lie above it. The segments below the {@code reordering}-th SACKed one
 * from the top qualify; those below the hint were considered before and stay as they were left
 * (lost, retransmitted or SACKed), since only undo clears a lost mark and resets the hint, as
 * Linux's {@code lost_skb_hint}.
 */
final class Dupthresh implements LossDetection {
  private final RetransmitQueue queue;
  private final ReorderingEstimator reordering;
  // Every segment starting below this sequence has been considered for marking.
  private long lostHintSeq;

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
    // The level-th SACKed segment from the top is the (sacked - level + 1)-th from the bottom.
    int limit = queue.indexOfSacked(sacked - level + 1);
    for (int i = queue.firstAtOrAbove(lostHintSeq); i < limit; i++) {
      int slot = queue.slot(i);
      if (queue.unmarked(slot)) {
        queue.markLost(slot);
      }
    }
    if (limit > 0) {
      lostHintSeq = Math.max(lostHintSeq, queue.start(queue.slot(limit)));
    }
  }

  /** Undo cleared the lost marks: every segment may qualify again. */
  void resetHint() {
    lostHintSeq = 0;
  }

  @Override
  public boolean timeToRecover() {
    return queue.lostOut() > 0 || queue.sackedOut() + 1 > reordering.level();
  }
}
