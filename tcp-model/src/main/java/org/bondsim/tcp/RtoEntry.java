package org.bondsim.tcp;

/**
 * What a retransmission timeout does to the recovery state ({@link Recovery}): 2.6.37's F-RTO where
 * it applies ({@link ClassicFrtoSteps#enter}), otherwise {@code tcp_enter_loss}. ssthresh falls
 * only at the first RTO of a window of data: from Open or Disorder, once snd_una reached high_seq,
 * or in Loss after snd_una moved since the last RTO. How the queue is marked, where cwnd starts and
 * which undo is still possible follow the kernel ({@link KernelProfile.LossEntry}).
 */
final class RtoEntry {
  private RtoEntry() {}

  /**
   * The RTO fired with data outstanding.
   *
   * @param r the connection's recovery state
   * @param probeRetransmissionOut a tail loss probe's retransmission is out unsettled: one more
   *     retransmission for {@code undo_retrans}
   */
  static void enter(Recovery r, boolean probeRetransmissionOut) {
    RetransmitQueue queue = r.queue;
    CongestionWindow window = r.window;
    r.counters.timeouts++;
    boolean classic = r.lossEntry == KernelProfile.LossEntry.CLASSIC;
    if (classic && r.classicFrto.use(queue, r.options.sackOk)) {
      ClassicFrtoSteps.enter(r);
      r.timeoutsInARow++;
      return;
    }
    // tcp_enter_loss ends 2.6.37's F-RTO, and forgets Reno's duplicate ACKs (tcp_reset_reno_sack:
    // 2.6.37's tcp_enter_loss, 6.x's tcp_timeout_mark_lost).
    r.classicFrto.end();
    if (!r.options.sackOk) {
      queue.renoSacked(0);
    }
    boolean openOrDisorder = r.state <= Recovery.DISORDER;
    boolean firstOfWindow =
        openOrDisorder
            || queue.sndUna() >= r.highSeq
            || (r.state == Recovery.LOSS && r.timeoutsInARow == 0);
    if (firstOfWindow) {
      r.priorCwnd = window.cwnd;
      r.priorSsthresh = window.ssthresh;
      window.onLoss();
    }
    if (r.lossEntry == KernelProfile.LossEntry.TLP_ERA) {
      window.cwnd = 1;
      // 3.16: the marker is set at every RTO and cleared if a retransmission is still out; the
      // Loss retransmissions then count from undo_retrans -1.
      boolean retransmissionOut = queue.retransOut() > 0 || probeRetransmissionOut;
      queue.markAllLost(false);
      r.undoMarker = retransmissionOut ? -1 : queue.sndUna();
      r.undoRetrans = -1;
    } else if (classic) {
      window.cwnd = 1;
      // An undo is possible only after a plain RTO, with nothing in the queue sent twice before.
      boolean retransmitted = queue.markAllLost(false);
      r.undoMarker = retransmitted ? -1 : queue.sndUna();
      r.undoRetrans = 0;
    } else {
      markLost(r);
      if (firstOfWindow) {
        // tcp_init_undo: the retransmissions still out must be proved needless first.
        r.undoMarker = queue.sndUna();
        r.undoRetrans = queue.retransOut() + (probeRetransmissionOut ? 1 : 0);
        if (r.undoRetrans == 0) {
          r.undoRetrans = -1;
        }
      }
      window.cwnd = queue.packetsInFlight() + 1;
    }
    window.onLossState();
    r.frto.onTimeout(openOrDisorder, r.timeoutsInARow > 0);
    r.newDataOnly = false;
    r.reordering.onTimeout(openOrDisorder, queue.sackedOut());
    r.highSeq = queue.sndNxt();
    r.state = Recovery.LOSS;
    r.timeoutsInARow++;
  }

  /**
   * {@code tcp_timeout_mark_lost}: every segment not SACKed is lost ({@code tcp_mark_skb_lost}),
   * except, after the head, those sent within RACK's RTT ({@code tcp_rack_skb_timeout} with no
   * reordering window), which may still arrive.
   */
  private static void markLost(Recovery r) {
    RetransmitQueue queue = r.queue;
    long now = r.context.now();
    long rackRttNs = r.rack.rttNs();
    for (int i = 0; i < queue.size(); i++) {
      int slot = queue.slot(i);
      boolean recent = i > 0 && queue.sentAt(slot) + rackRttNs - now > 0;
      if (!recent && !queue.has(slot, RetransmitQueue.SACKED)) {
        queue.markLost(slot);
      }
    }
    queue.clearRetransmitHint();
  }
}
