package org.bondsim.tcp;

/**
 * 2.6.37's forward acknowledgment ({@code tcp_update_scoreboard} with FACK on): every segment more
 * than {@code reordering} packets below the highest SACKed one is lost, and recovery starts once
 * {@code fackets_out} exceeds the level. {@code fackets_out} comes from the queue's index of its
 * highest SACKed segment, not a scan.
 */
final class Fack implements LossDetection {
  private final RetransmitQueue queue;
  private final ReorderingEstimator reordering;

  Fack(RetransmitQueue queue, ReorderingEstimator reordering) {
    this.queue = queue;
    this.reordering = reordering;
  }

  @Override
  public void markLosses() {
    int lost = queue.facketsOut() - reordering.level();
    for (int i = 0; i < lost; i++) {
      int slot = queue.slot(i);
      if (queue.unmarked(slot)) {
        queue.markLost(slot);
      }
    }
  }

  @Override
  public boolean timeToRecover() {
    return queue.lostOut() > 0 || queue.facketsOut() > reordering.level();
  }
}
