package org.bondsim.tcp;

import org.bondsim.api.tcp.TcpSegment;

/**
 * The Loss state's part of {@code tcp_fastretrans_alert} ({@link Recovery}): {@code
 * tcp_process_loss} after a retransmission timeout, beside {@link RtoEntry}, which enters Loss.
 */
final class LossAck {
  private LossAck() {}

  /**
   * {@code tcp_process_loss}: an undo when the ACK advanced (3.16: any ACK) and the retransmissions
   * are proved needless ({@code tcp_try_undo_loss(sk, false)}: {@code TcpExtTCPLossUndo} only),
   * then F-RTO's steps ({@link Frto}), then Loss recovery. Difference: the loss detector has
   * already run for this ACK ({@link Recovery#onAck}); Linux runs it after {@code
   * tcp_process_loss}, so after an F-RTO undo it marks afresh what an undo here has just unmarked.
   *
   * @param r the connection's recovery state
   * @param sample what this ACK delivered
   * @param segment the ACK
   * @param canSendNewData whether the window lets new data go (F-RTO's step 2.b)
   */
  static void process(Recovery r, AckSample sample, TcpSegment segment, boolean canSendNewData) {
    boolean undoLoss = (sample.advanced || r.lossUndoOnEveryAck) && r.mayUndo(segment);
    Frto.Step step =
        undoLoss
            ? Frto.Step.NONE
            : r.frto.onAckInLoss(sample, r.highSeq, r.queue.sndNxt(), canSendNewData);
    if (undoLoss || step == Frto.Step.SPURIOUS) {
      r.counters.lossUndo++;
      if (step == Frto.Step.SPURIOUS) {
        r.counters.spuriousRtos++;
      }
      r.timeoutsInARow = 0;
      r.undo(true);
    } else {
      if (step == Frto.Step.SEND_NEW_DATA) {
        r.highSeq = r.queue.sndNxt();
        r.newDataOnly = true;
      }
      if (r.queue.sndUna() >= r.highSeq) {
        r.leave();
      }
      // Loss is not a reduction state: tcp_cong_avoid slow-starts from the RTO's window (capped at
      // ssthresh, then congestion avoidance), on the ACK that ends Loss too; 2.6.37 then moderates
      // it before retransmitting (having grown it before the state machine, as 3.16 does). Not on
      // the ACK with which 2.6.37's F-RTO fell back to Loss.
      if (!r.holdGrowth) {
        r.growAfterStateMachine(sample);
      }
      r.moderate();
    }
  }
}
