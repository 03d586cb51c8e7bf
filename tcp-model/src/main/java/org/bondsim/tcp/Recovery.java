package org.bondsim.tcp;

import org.bondsim.api.tcp.TcpSegment;
import org.bondsim.api.tcp.cc.CaState;

/**
 * The congestion-avoidance state machine ({@code tcp_fastretrans_alert}): Open, Disorder, Recovery
 * and Loss, entering recovery when loss detection calls for it, leaving at {@code high_seq}, and
 * every undo path with its markers ({@code undo_marker}, {@code undo_retrans}, {@code
 * retrans_stamp}): DSACK undo ({@code tcp_try_undo_dsack}), full undo at the end of recovery, the
 * partial undo timestamps allow ({@code tcp_try_undo_partial}) and undo of a spurious RTO ({@code
 * tcp_try_undo_loss}).
 */
final class Recovery {
  static final int OPEN = 0;
  static final int DISORDER = 1;
  // Only 2.6.37's F-RTO enters CWR here (its rate-halving response); ECN is not modelled.
  static final int CWR = 2;
  static final int RECOVERY = 3;
  static final int LOSS = 4;
  // The states in Linux's order, so that the index is TCP_CA_*'s value.
  private static final CaState[] CA_STATES = {
    CaState.OPEN, CaState.DISORDER, CaState.CWR, CaState.RECOVERY, CaState.LOSS
  };

  // Package-private below: the RTO's entry (RtoEntry) and 2.6.37's F-RTO (ClassicFrtoSteps) work
  // on the same state and markers.
  final TcpHost context;
  final RetransmitQueue queue;
  final CongestionWindow window;
  final WindowReduction reduction;
  final ReorderingEstimator reordering;
  final NegotiatedOptions options;
  final TcpCounters counters;
  final KernelProfile.LossEntry lossEntry;
  final Frto frto;
  final ClassicFrto classicFrto;
  // tcp_process_frto kept the window from growing on this ACK (frto_cwnd).
  boolean holdGrowth;
  // F-RTO's step 2.b (REXMIT_NEW): new data instead of retransmissions until the next ACK.
  boolean newDataOnly;
  // 2.6.37's undo rules (KernelProfile.UndoRules.CLASSIC).
  private final boolean classicUndo;
  // 3.16's tcp_process_loss tries the loss undo on every ACK (FrtoRule.PROCESS_LOSS_EVERY_ACK).
  final boolean lossUndoOnEveryAck;
  // tcp_packet_delayed counts a recovery with no retransmission yet as reordering (KernelProfile).
  private final boolean delayedWithoutRetransmit;
  final Rack rack;
  private final Dupthresh dupthresh;
  int state = OPEN;
  long highSeq;
  long undoMarker = -1;
  int undoRetrans;
  private long retransStampMs;
  int priorCwnd;
  int priorSsthresh;
  // icsk_retransmits: RTOs since snd_una last advanced (or an RTO was undone).
  int timeoutsInARow;
  // tp->lost when this ACK's processing began: what it marks lost is the rate sample's losses.
  private long lossEventsBefore;

  Recovery(
      TcpHost context,
      RetransmitQueue queue,
      CongestionWindow window,
      WindowReduction reduction,
      ReorderingEstimator reordering,
      NegotiatedOptions options,
      TcpCounters counters,
      KernelProfile profile,
      Frto frto,
      ClassicFrto classicFrto,
      Rack rack,
      Dupthresh dupthresh) {
    this.context = context;
    this.rack = rack;
    this.dupthresh = dupthresh;
    this.queue = queue;
    this.window = window;
    this.reduction = reduction;
    this.reordering = reordering;
    this.options = options;
    this.counters = counters;
    this.lossEntry = profile.lossEntry();
    this.frto = frto;
    this.classicFrto = classicFrto;
    this.classicUndo = profile.undoRules() == KernelProfile.UndoRules.CLASSIC;
    this.lossUndoOnEveryAck = profile.frto() == KernelProfile.FrtoRule.PROCESS_LOSS_EVERY_ACK;
    this.delayedWithoutRetransmit = profile.delayedWithoutRetransmit();
  }

  int state() {
    return state;
  }

  /**
   * The state as Linux names it ({@code icsk_ca_state}; its ordinal is {@code TCP_CA_*}'s value).
   */
  CaState caState() {
    return CA_STATES[state];
  }

  /** The window reduction recovery runs (PRR or rate-halving). */
  WindowReduction reduction() {
    return reduction;
  }

  boolean inRecovery() {
    return state == RECOVERY;
  }

  boolean inRecoveryOrLoss() {
    return state >= RECOVERY;
  }

  /** Whether a tail loss probe may go (Open or Disorder). */
  boolean openOrDisorder() {
    return state <= DISORDER;
  }

  /** Reordering evidence counts unless an RTO's loss state has no undo to hope for. */
  boolean acceptsReorderingEvidence() {
    return !(state == LOSS && undoMarker < 0) && !classicFrto.holdsSackReordering(queue.sndUna());
  }

  /** 2.6.37's F-RTO holds the lost segments back: only the head and new data go meanwhile. */
  boolean holdsRetransmissions() {
    return classicFrto.active();
  }

  /** New data went out ({@code tcp_event_new_data_sent}; 2.6.37's F-RTO counts it). */
  void onNewDataSent() {
    classicFrto.newDataSent();
  }

  /** The sender retransmitted: counted by state, and remembered for undo. */
  void onRetransmit() {
    // The RTO's own retransmission of the head counts here too, F-RTO's included.
    if (state == LOSS || classicFrto.active()) {
      counters.slowStartRetrans++;
    } else {
      counters.fastRetrans++;
    }
    if (retransStampMs == 0) {
      retransStampMs = TcpClock.ms(context);
    }
    if (undoMarker >= 0) {
      // -1 (tcp_init_undo with nothing out) is not "undo now": the first retransmission counts 1.
      undoRetrans = Math.max(0, undoRetrans) + 1;
    }
  }

  /** A DSACK proves retransmissions needless: fewer left before undo is allowed. */
  void onDsack(AckSample sample) {
    if (undoRetrans > 0) {
      undoRetrans = Math.max(0, undoRetrans - sample.dsackedRetransmissions);
    }
    if (sample.dsackedBelowUna > 0 && undoRetrans > 0) {
      undoRetrans = (int) Math.max(0, undoRetrans - sample.dsackedBelowUna);
    }
  }

  /** {@code tcp_fastretrans_alert} for one ACK, after the scoreboard was updated. */
  void onAck(
      AckSample sample, TcpSegment segment, LossDetection detection, boolean canSendNewData) {
    lossEventsBefore = queue.lossEvents();
    newDataOnly = false;
    if (sample.advanced) {
      timeoutsInARow = 0;
    }
    holdGrowth =
        classicFrto.active() && ClassicFrtoSteps.process(this, sample, segment, canSendNewData);
    classicFrto.passed(queue.sndUna());
    // tcp_ack_is_dubious, judged on the state the ACK found: only such an ACK reaches
    // tcp_fastretrans_alert, whose tcp_try_to_open moderates the window on 2.6.37.
    int priorState = state;
    if (window.growsBeforeStateMachine()
        && !holdGrowth
        && priorState != RECOVERY
        && priorState != CWR) {
      // 2.6.37 and 3.16: tcp_may_raise_cwnd and tcp_cong_avoid before tcp_fastretrans_alert, on
      // the state this ACK found; the later growth sites below are 4.9+'s tcp_cong_control.
      window.grow(sample, reordering, options.mss);
    }
    if (state == OPEN) {
      // tcp_fastretrans_alert's state check: in Open nothing retransmitted is out.
      retransStampMs = 0;
    }
    boolean dubious = state != OPEN || sample.newlySacked > 0 || !sample.notDuplicate;
    if (state == OPEN && (queue.sackedOut() > 0 || sample.dsack)) {
      enterDisorder();
    }
    // 2.6.37 leaves Disorder once snd_una passes its high_seq, with a last tcp_try_undo_dsack.
    boolean leavingDisorder = classicUndo && priorState == DISORDER && queue.sndUna() >= highSeq;
    if (classicUndo
        && undoMarker >= 0
        && undoRetrans == 0
        && (leavingDisorder || sample.dsack && priorState == DISORDER)) {
      counters.dsackUndo++;
      // tcp_try_undo_dsack keeps the loss marks; the Open state's look for losses follows, and
      // one still marked starts a new recovery at once.
      undo(false);
      detection.markLosses();
      onAckOpen(sample, detection, dubious, true);
      return;
    }
    if (leavingDisorder) {
      // The marker goes, and tcp_try_keep_open decides the state afresh.
      undoMarker = -1;
      state = OPEN;
      if (queue.sackedOut() > 0 || queue.lostOut() > 0) {
        enterDisorder();
      }
    }
    // tcp_fastretrans_alert looks for new losses before the Open, Disorder and CWR states' part
    // and, in Recovery, after the undo checks (onAckInRecovery); 2.6.37's tcp_update_scoreboard
    // also comes after tcp_try_undo_partial, but its profile still looks first, a difference kept.
    if (state != RECOVERY || classicUndo) {
      detection.markLosses();
    }
    switch (state) {
      case OPEN, DISORDER -> onAckOpen(sample, detection, dubious, !holdGrowth);
      case CWR -> onAckCwr(sample, detection);
      case RECOVERY -> onAckInRecovery(sample, segment, detection);
      case LOSS -> LossAck.process(this, sample, segment, canSendNewData);
      default -> throw new IllegalStateException("state " + state);
    }
  }

  /**
   * The Open and Disorder states' part of {@code tcp_fastretrans_alert}: recovery when the loss
   * detector calls for it, else {@code tcp_try_to_open} and the window's growth.
   *
   * @param grows whether this ACK may grow the window after the state machine (not in CWR, not on
   *     the ACK 2.6.37's F-RTO holds; {@link #growAfterStateMachine})
   */
  private void onAckOpen(
      AckSample sample, LossDetection detection, boolean dubious, boolean grows) {
    if (!classicUndo && tryUndoDsack()) {
      detection.markLosses();
    }
    if (!classicFrto.active() && detection.timeToRecover()) {
      int head = queue.slot(0);
      if (detection.marksHeadWhenRecovering()
          && queue.lostOut() == 0
          && queue.size() > 0
          && !queue.has(head, RetransmitQueue.SACKED)) {
        // The threshold was reached without a marked loss: the head is lost.
        queue.markLost(head);
      }
      enter();
      reduce(sample.newlyDelivered, sample.advanced);
      return;
    }
    // tcp_try_to_open: the retransmission clock stops once no retransmission is left (not while
    // 2.6.37's F-RTO runs).
    if (!classicFrto.active()) {
      clearRetransStampIfNoneDone();
    }
    if (state == DISORDER && !leftOutOrRetransmitted() && !(classicUndo && undoMarker >= 0)) {
      // 2.6.37's tcp_try_keep_open stays in Disorder while the undo marker is set.
      state = OPEN;
    }
    if (grows) {
      growAfterStateMachine(sample);
    }
    if (dubious) {
      moderate();
    }
  }

  /**
   * {@code tcp_cong_control}'s growth, after the state machine (4.9 and later); kernels that grew
   * the window before it ({@link CongestionWindow#growsBeforeStateMachine}) do not grow it again.
   */
  void growAfterStateMachine(AckSample sample) {
    if (!window.growsBeforeStateMachine()) {
      window.grow(sample, reordering, options.mss);
    }
  }

  /**
   * 2.6.37's CWR, entered by F-RTO's rate-halving response: {@code tcp_cwnd_down} on each ACK, a
   * recovery when loss detection calls for one, Open once something above {@code high_seq} is ACKed
   * ({@code tcp_complete_cwr}: cwnd at most ssthresh). The window does not grow in CWR.
   */
  private void onAckCwr(AckSample sample, LossDetection detection) {
    if (queue.sndUna() > highSeq) {
      window.cwnd = Math.min(window.cwnd, window.ssthresh);
      state = OPEN;
      onAckOpen(sample, detection, true, false);
    } else if (detection.timeToRecover()) {
      onAckOpen(sample, detection, true, false);
    } else {
      reduce(sample.newlyDelivered, sample.advanced);
    }
  }

  private void onAckInRecovery(AckSample sample, TcpSegment segment, LossDetection detection) {
    if (queue.sndUna() >= highSeq) {
      if (mayUndo(segment)) {
        counters.fullUndo++;
        undo(false);
      } else {
        // tcp_complete_cwr (2.6.37) keeps a window rate-halving took below ssthresh;
        // tcp_end_cwnd_reduction (6.x) sets it to ssthresh.
        window.cwnd =
            classicUndo ? Math.min(window.cwnd, window.ssthresh) : Math.max(window.ssthresh, 1);
        rack.onRecoveryNotUndone();
        leave();
      }
      // tcp_try_undo_recovery leaves Open; the ACK goes on through the Open state's processing:
      // a segment still marked lost (above high_seq) starts the next recovery, otherwise
      // tcp_try_to_open, which moderates on 2.6.37. 4.9+ grows the window after it; 2.6.37 and 3.16
      // did not grow on this ACK, which found Recovery.
      detection.markLosses();
      onAckOpen(sample, detection, true, true);
      return;
    }
    if (classicUndo && sample.advanced && mayUndo(segment)) {
      // 2.6.37's tcp_try_undo_partial: "plain luck", the hole was filled by a delayed original.
      // cwnd comes back (not ssthresh), Recovery goes on and rate-halving with it.
      long reached = Math.max(queue.highestSacked(), queue.sndUna());
      reordering.note(reached - sample.priorSndUna, true, options.sackOk, options.mss);
      counters.partialUndo++;
      window.undo(priorCwnd);
      moderate();
      reduce(sample.newlyDelivered, sample.advanced);
      return;
    }
    if (!classicUndo) {
      if (sample.advanced && mayUndoPartial(segment)) {
        // tcp_try_undo_partial: the hole was filled by its delayed original (the echoed timestamp
        // is older than the first retransmission, or nothing was retransmitted yet): reordering.
        if (queue.fack() > sample.priorSndUna) {
          reordering.note(queue.fack() - sample.priorSndUna, true, options.sackOk, options.mss);
        }
        if (queue.retransOut() > 0) {
          // New data is clocked out, but nothing more is marked or retransmitted.
          reduce(sample.newlyDelivered, sample.advanced);
          return;
        }
        clearRetransStampIfNoneDone();
        counters.partialUndo++;
        undo(true);
      }
      tryUndoDsack();
      // tcp_identify_packet_loss comes after the undo checks, which may have ended this ACK's
      // part before any new loss is marked.
      detection.markLosses();
      if (state != RECOVERY) {
        // "Undo reverts the recovery state. If loss is evident, starts a new recovery";
        // otherwise tcp_cong_control, now outside any reduction, may grow the window.
        if (detection.timeToRecover()) {
          enter();
          reduce(sample.newlyDelivered, sample.advanced);
        } else {
          growAfterStateMachine(sample);
        }
        return;
      }
    }
    int head = queue.slot(0);
    if (sample.advanced
        && detection.partialAckMarksHead()
        && queue.size() > 0
        && !queue.has(head, RetransmitQueue.LOST | RetransmitQueue.RETRANS)) {
      queue.markLost(head);
    }
    reduce(sample.newlyDelivered, sample.advanced);
  }

  /** F-RTO's step 2.b holds retransmissions back until the next ACK ({@code REXMIT_NEW}). */
  boolean newDataOnly() {
    return newDataOnly;
  }

  /**
   * {@code tcp_xmit_recovery} after {@code REXMIT_NEW}: if the new data did not pass {@code
   * high_seq}, F-RTO ends and the lost segments go out as usual.
   *
   * @return true when new data went past {@code high_seq}
   */
  boolean newDataPassedHighSeq() {
    if (queue.sndNxt() > highSeq) {
      return true;
    }
    frto.end();
    newDataOnly = false;
    return false;
  }

  /** {@code tcp_rack_reo_timeout}: RACK's timer found losses outside recovery. */
  void onRackTimeout() {
    lossEventsBefore = queue.lossEvents();
    int lostBefore = queue.lostOut();
    rack.markLossesOnTimeout();
    if (queue.lostOut() > lostBefore && state < RECOVERY) {
      enter();
      // PRR lets the first retransmission go at once (sndcnt at least 1 before any).
      reduce(0, false);
    }
  }

  /**
   * The RTO fired with data outstanding: 2.6.37's F-RTO ({@link ClassicFrtoSteps#enter}) or {@code
   * tcp_enter_loss} ({@link RtoEntry}).
   *
   * @param probeRetransmissionOut a tail loss probe's retransmission is out unsettled: one more
   *     retransmission for {@code undo_retrans}
   */
  void onTimeout(boolean probeRetransmissionOut) {
    RtoEntry.enter(this, probeRetransmissionOut);
  }

  /**
   * {@code tcp_packet_delayed}: the ACK echoes a timestamp from before the first retransmission, or
   * (2.6.37, and 6.x since Linux commit e37ab7373696, "tcp: fix to allow timestamp undo if no
   * retransmits were sent", in the stable series from October 2024) nothing was retransmitted yet,
   * as when TCP small queues held the fast retransmission back; without SACK not once snd_una
   * reached high_seq, where the retransmission clock may have been cleared.
   */
  private boolean packetDelayed(TcpSegment segment) {
    if (retransStampMs == 0) {
      return delayedWithoutRetransmit && (options.sackOk || queue.sndUna() < highSeq);
    }
    return options.timestampsOk && segment.tsEcr() != 0 && segment.tsEcr() < retransStampMs;
  }

  /**
   * {@code tcp_try_undo_dsack} (6.x): once DSACKs proved every retransmission of the episode
   * needless, the reduction is undone, the loss marks kept ({@code TcpExtTCPDSACKUndo}).
   */
  private boolean tryUndoDsack() {
    if (undoMarker < 0 || undoRetrans != 0) {
      return false;
    }
    counters.dsackUndo++;
    rack.onDsackUndo();
    undo(false);
    return true;
  }

  /**
   * {@code tcp_try_keep_open}'s test: SACKed or lost segments, or a retransmission, keep Disorder.
   */
  private boolean leftOutOrRetransmitted() {
    return queue.sackedOut() > 0 || queue.lostOut() > 0 || anyRetransDone();
  }

  /**
   * {@code tcp_any_retrans_done}: a retransmission is out, or the head of the queue was ever
   * retransmitted.
   */
  private boolean anyRetransDone() {
    return queue.retransOut() > 0
        || (queue.size() > 0 && queue.has(queue.slot(0), RetransmitQueue.EVER_RETRANS));
  }

  private void clearRetransStampIfNoneDone() {
    if (!anyRetransDone()) {
      retransStampMs = 0;
    }
  }

  boolean mayUndo(TcpSegment segment) {
    return undoMarker >= 0 && (undoRetrans == 0 || packetDelayed(segment));
  }

  private boolean mayUndoPartial(TcpSegment segment) {
    return undoMarker >= 0 && packetDelayed(segment);
  }

  /**
   * {@code tcp_resume_early_retransmit}: the wait for an early retransmission ended with no ACK in
   * between, so recovery starts from the head ({@code tcp_update_scoreboard(sk, 1)}).
   */
  void enterEarly() {
    lossEventsBefore = queue.lossEvents();
    int head = queue.slot(0);
    if (queue.lostOut() == 0 && queue.size() > 0 && !queue.has(head, RetransmitQueue.SACKED)) {
      queue.markLost(head);
    }
    enter();
    reduce(0, false);
  }

  private void enter() {
    if (options.sackOk) {
      counters.sackRecovery++;
    } else {
      counters.renoRecovery++;
    }
    priorCwnd = window.cwnd;
    priorSsthresh = window.ssthresh;
    window.onLoss();
    highSeq = queue.sndNxt();
    // tcp_init_undo: the retransmissions already out must be proved needless first; 6.x marks
    // "none" as -1, so that no DSACK is needed for an undo that nothing could prove.
    undoMarker = queue.sndUna();
    undoRetrans = queue.retransOut();
    if (!classicUndo) {
      if (undoRetrans == 0) {
        undoRetrans = -1;
      }
      // tcp_retrans_stamp_cleanup: the clock starts with this episode's first retransmission.
      clearRetransStampIfNoneDone();
    }
    reduction.start(priorCwnd);
    state = RECOVERY;
  }

  private void reduce(int newlyDelivered, boolean advanced) {
    int newlyLost = (int) (queue.lossEvents() - lossEventsBefore);
    reduction.onAck(newlyDelivered, advanced, queue.packetsInFlight(), newlyLost, window);
  }

  void leave() {
    state = OPEN;
    clearRetransStampIfNoneDone();
    // The undo marker outlives the episode on both kernels, so DSACKs that arrive after it ended
    // may still prove every retransmission needless: 6.x until an undo or the next episode, 2.6.37
    // through the Disorder state that follows (tcp_try_keep_open: Disorder while the marker is
    // set).
    if (leftOutOrRetransmitted() || (classicUndo && undoMarker >= 0)) {
      enterDisorder();
    }
  }

  /** 2.6.37's {@code tcp_moderate_cwnd} with what is in flight now ({@link CongestionWindow}). */
  void moderate() {
    window.moderate(queue.packetsInFlight(), reordering.level());
  }

  /** {@code tcp_try_keep_open}'s move to Disorder, which sets {@code high_seq} to snd_nxt. */
  private void enterDisorder() {
    state = DISORDER;
    if (classicUndo) {
      highSeq = queue.sndNxt();
    }
  }

  /**
   * {@code tcp_undo_cwnd_reduction}: the window and ssthresh come back and RACK looks again.
   *
   * @param unmarkLoss whether the segments marked lost are unmarked (they were not lost after all,
   *     and may qualify again later): partial and loss undo do, DSACK and full undo leave the marks
   */
  void undo(boolean unmarkLoss) {
    rack.recheck();
    window.undo(priorCwnd);
    if (priorSsthresh > window.ssthresh) {
      window.ssthresh = priorSsthresh;
    }
    if (unmarkLoss) {
      dupthresh.resetHint();
      queue.clearLost();
    }
    // 2.6.37's tcp_undo_cwr ends in tcp_moderate_cwnd, with the segments no longer lost in flight
    // when tcp_try_undo_loss cleared lost_out first.
    moderate();
    undoMarker = -1;
    leave();
  }
}
