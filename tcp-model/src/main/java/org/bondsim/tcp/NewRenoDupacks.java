package org.bondsim.tcp;

/**
 * Loss detection without SACK: duplicate ACKs stand for SACKed segments ({@code tcp_add_reno_sack},
 * {@code sacked_out} counts them), recovery starts at {@code reordering} of them, and each partial
 * ACK in recovery marks the next hole lost (NewReno, RFC 6582). More duplicates than segments could
 * cause prove reordering ({@code tcp_check_reno_reordering}).
 */
final class NewRenoDupacks implements LossDetection {
  private final RetransmitQueue queue;
  private final ReorderingEstimator reordering;

  NewRenoDupacks(RetransmitQueue queue, ReorderingEstimator reordering) {
    this.queue = queue;
    this.reordering = reordering;
  }

  /**
   * Counts an ACK; returns the segments it stands for as delivered ({@code tcp_newly_delivered}).
   *
   * @param sample the ACK
   * @param sackBlocks whether it carried SACK blocks (a peer that should not have sent any)
   * @return the sample's delivered count, one for a duplicate
   */
  int onAck(AckSample sample, boolean sackBlocks) {
    int outstanding = queue.size();
    // The queue keeps the count (sacked_out), as it keeps every other scoreboard count.
    int dupacks = queue.renoSacked();
    int delivered = sample.newlyDelivered;
    if (sample.advanced) {
      // tcp_remove_reno_sacks: one acked segment fills the hole, the rest were counted already as
      // duplicates, so only what exceeds them is newly delivered.
      int acked = sample.acked;
      if (acked > 0) {
        delivered = Math.max(acked - dupacks, 1);
        dupacks = acked - 1 >= dupacks ? 0 : dupacks - (acked - 1);
      }
    } else if (outstanding > 0 && !sackBlocks) {
      if (dupacks + 1 > outstanding - 1 && outstanding > 1) {
        reordering.noteReno(outstanding);
      }
      dupacks = Math.min(dupacks + 1, Math.max(outstanding - 1, 0));
      delivered = 1;
    }
    queue.renoSacked(dupacks);
    return delivered;
  }

  /** The duplicate ACKs counted, Reno's {@code sacked_out}. */
  int dupacks() {
    return queue.renoSacked();
  }

  @Override
  public void markLosses() {
    // Nothing is marked from duplicates alone: the head is marked when recovery starts.
  }

  @Override
  public boolean timeToRecover() {
    return queue.lostOut() > 0 || queue.renoSacked() + 1 > reordering.level();
  }

  @Override
  public boolean partialAckMarksHead() {
    return true;
  }
}
