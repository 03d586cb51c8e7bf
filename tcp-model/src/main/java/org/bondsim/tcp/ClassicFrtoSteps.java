package org.bondsim.tcp;

import org.bondsim.api.tcp.TcpSegment;

/**
 * What 2.6.37's F-RTO ({@link ClassicFrto}) does to the connection's recovery state: {@code
 * tcp_enter_frto} at an RTO, {@code tcp_process_frto}'s outcomes on each ACK, {@code
 * tcp_enter_frto_loss} and the three responses to a spurious timeout ({@code tcp_frto_response}).
 * It works on {@link Recovery}'s state and undo markers, as the kernel's functions share {@code
 * struct tcp_sock}.
 */
final class ClassicFrtoSteps {
  private ClassicFrtoSteps() {}

  /**
   * {@code tcp_enter_frto}: ssthresh falls as at a Loss entry (with cwnd taken as 2 when F-RTO was
   * already running and an ACK had reset the retransmission count), the undo marker is set unless
   * the head was retransmitted before, the head's retransmission stops counting as out, cwnd is
   * what is in flight plus one, and the connection waits in Disorder.
   */
  static void enter(Recovery r) {
    ClassicFrto frto = r.classicFrto;
    RetransmitQueue queue = r.queue;
    CongestionWindow window = r.window;
    boolean running = frto.active();
    boolean reduce =
        (!running && r.state <= Recovery.DISORDER)
            || queue.sndUna() == r.highSeq
            || ((r.state == Recovery.LOSS || running) && r.timeoutsInARow == 0);
    if (reduce) {
      r.priorCwnd = window.cwnd;
      r.priorSsthresh = window.ssthresh;
      int cwnd = window.cwnd;
      if (running) {
        window.cwnd = 2;
      }
      window.onLoss();
      window.cwnd = cwnd;
    }
    int head = queue.slot(0);
    boolean headResent = queue.has(head, RetransmitQueue.RETRANS | RetransmitQueue.EVER_RETRANS);
    r.undoMarker = headResent ? -1 : queue.sndUna();
    r.undoRetrans = 0;
    queue.forgetHeadRetransmission();
    window.cwnd = Math.min(window.cwnd, queue.packetsInFlight() + 1);
    frto.enter(
        r.options.sackOk,
        running || r.state >= Recovery.RECOVERY,
        r.highSeq,
        queue.sndUna(),
        queue.sndNxt());
    r.state = Recovery.DISORDER;
    r.highSeq = queue.sndNxt();
  }

  /**
   * {@code tcp_process_frto} for one ACK, before the state machine.
   *
   * @return {@code frto_cwnd}: true when the window must not grow on this ACK
   */
  static boolean process(Recovery r, AckSample sample, TcpSegment segment, boolean canSendNewData) {
    ClassicFrto frto = r.classicFrto;
    if (sample.nonHeadRetransAcked || (frto.counter() >= 2 && sample.retransAcked)) {
      r.undoMarker = -1;
    }
    boolean onlyOriginals = frto.onlyOriginalsSacked(sample, segment.sack());
    ClassicFrto.Step step = frto.onAck(sample, r.options.sackOk, onlyOriginals);
    switch (step) {
      case NONE, IGNORE -> {}
      case SHRINK -> r.window.cwnd = Math.min(r.window.cwnd, r.queue.packetsInFlight());
      case OPEN_FOR_NEW_DATA -> {
        r.window.cwnd = r.queue.packetsInFlight() + 2;
        if (!canSendNewData) {
          enterLoss(r, sample, 2);
        }
      }
      case LOSS_0, LOSS_2, LOSS_3 -> enterLoss(r, sample, step.allowed);
      case SPURIOUS -> {
        respond(r);
        return r.state == Recovery.CWR;
      }
    }
    return true;
  }

  /**
   * {@code tcp_enter_frto_loss}: every segment not SACKed is lost, new data sent since the RTO
   * included; no retransmission counts as out but the head's, when a duplicate ACK came first; cwnd
   * is what is then in flight plus {@code allowed}; Loss, with the reordering level back at the
   * sysctl's. ssthresh stays as the RTO set it.
   */
  private static void enterLoss(Recovery r, AckSample sample, int allowed) {
    boolean keepHead = r.classicFrto.counter() == 1 && sample.released == 0;
    if (!r.options.sackOk) {
      // tcp_enter_frto_loss: "if (tcp_is_reno(tp)) tcp_reset_reno_sack(tp)".
      r.queue.renoSacked(0);
    }
    if (r.queue.markAllLost(keepHead)) {
      r.undoMarker = -1;
    }
    r.window.cwnd = r.queue.packetsInFlight() + allowed;
    r.classicFrto.end();
    r.reordering.onTimeout(true, r.queue.sackedOut());
    r.state = Recovery.LOSS;
    r.highSeq = r.queue.sndNxt();
    r.queue.clearRetransmitHint();
    r.window.onLossState();
  }

  /**
   * The response to a spurious timeout ({@code tcp_frto_response} 0, 1 or 2; {@code
   * TcpExtTCPSpuriousRTOs}). 0: {@code tcp_enter_cwr} without a new ssthresh, cwnd at most what is
   * in flight plus one, then rate-halving in CWR to ssthresh; 1: cwnd falls to ssthresh; 2: {@code
   * tcp_undo_cwr}, the reduction undone. No later undo applies to this timeout.
   */
  private static void respond(Recovery r) {
    r.counters.spuriousRtos++;
    CongestionWindow window = r.window;
    switch (r.classicFrto.response()) {
      case 1 -> {
        window.cwnd = Math.min(window.cwnd, window.ssthresh);
        r.moderate();
      }
      case 2 -> {
        window.undo(r.priorCwnd);
        if (r.priorSsthresh > window.ssthresh) {
          window.ssthresh = r.priorSsthresh;
        }
        r.moderate();
      }
      default -> {
        window.cwnd = Math.min(window.cwnd, r.queue.packetsInFlight() + 1);
        r.highSeq = r.queue.sndNxt();
        r.state = Recovery.CWR;
        r.reduction.start(window.cwnd);
      }
    }
    r.undoMarker = -1;
  }
}
