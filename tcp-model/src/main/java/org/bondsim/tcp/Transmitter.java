package org.bondsim.tcp;

import org.bondsim.api.packet.Frame;
import org.bondsim.api.tcp.TcpSegment;

/**
 * The sending path ({@code tcp_write_xmit}, {@code tcp_xmit_retransmit_queue}, {@code
 * tcp_transmit_skb}): lost segments first, then new data while cwnd, the peer's window, TCP small
 * queues and, in recovery, the reduction's budget allow; with GSO/TSO full segments go as one
 * super-packet. Every segment carries the receiver's current ACK, window, SACK blocks and
 * timestamps, and charges its truesize to the socket until the NIC has sent it.
 *
 * <p>The pacing rate ({@link Pacing}: {@code tcp_update_pacing_rate}) sizes TSQ and TSO and
 * HyStart's ACK-train cushion; segments are not paced, as on Linux without the fq qdisc ({@code
 * SK_PACING_NONE}).
 */
final class Transmitter {
  /** {@code sk_gso_max_size}: 64 KB. */
  static final int GSO_MAX_BYTES = 65536;

  private final TcpHost context;
  // Linux's one retransmission timer's rules, which sending follows.
  private final XmitTimer xmit;
  private final NegotiatedOptions options;
  private final TcpCounters counters;
  private final RttEstimator rtt;
  private final boolean gso;
  // Where the write queue's skbs end (6.x): tcp_write_xmit sends each in pieces of at most
  // tcp_tso_autosize, never across two.
  private final WriteQueueSkbs skbs = new WriteQueueSkbs();
  private final KernelProfile profile;
  private final boolean slowStartAfterIdle;
  private final SizeGoals goals;
  // 2.6.37's tcp_tso_should_defer, null where the kernel sends at once.
  private final TsoDeferral deferral;
  private final ExpectedAckDeferral ackDeferral;
  private final HeadDeferral deferrals;
  private final PushMarks writes = new PushMarks();
  private final RetransmitQueue queue;
  private final CongestionWindow window;
  private final Recovery recovery;
  private final WindowReduction reduction;
  private final Receiver receiver;
  private final RetransmitTimer rto;
  private final LossProbe probe;
  private final ZeroWindowProbe windowProbe;
  private boolean established;
  private boolean closeRequested;
  private boolean finQueued;
  // The FIN rides on the segment that ends the written data (it was unsent at close()).
  private boolean finOnLastData;
  private final ConnectionTotals totals = new ConnectionTotals();
  private final SendWindow sendWindow;
  private final SegmentOutput output;
  private final SmallQueues smallQueues;
  private long retransmitted;

  Transmitter(
      TcpHost context,
      Frame frame,
      int flowId,
      TcpSettings settings,
      NegotiatedOptions options,
      TcpCounters counters,
      RttEstimator rtt,
      RetransmitQueue queue,
      CongestionWindow window,
      Recovery recovery,
      Receiver receiver,
      AckScheduler acks,
      RetransmitTimer rto,
      LossProbe probe,
      ZeroWindowProbe windowProbe,
      XmitTimer xmit) {
    this.context = context;
    this.xmit = xmit;
    this.options = options;
    this.counters = counters;
    this.rtt = rtt;
    this.profile = settings.profile();
    // 4.17+ builds GSO packets whatever the device offers; where they are cut is the host's.
    this.gso = settings.gso() || profile.gsoAlwaysOn();
    this.slowStartAfterIdle = settings.slowStartAfterIdle();
    this.goals = new SizeGoals(profile, rtt, settings.minTsoSegs(), options.optionBytes);
    boolean ticks = profile.tsoDeferral() == KernelProfile.TsoDeferralRule.TICKS;
    this.deferral = settings.gso() && ticks ? new TsoDeferral(settings.jiffies()) : null;
    this.ackDeferral = gso && !ticks ? new ExpectedAckDeferral() : null;
    this.queue = queue;
    this.window = window;
    this.recovery = recovery;
    this.reduction = recovery.reduction();
    this.receiver = receiver;
    // Until the peer's first segment, assume it advertises what this end would.
    this.sendWindow = new SendWindow(receiver.window());
    this.rto = rto;
    this.probe = probe;
    this.windowProbe = windowProbe;
    this.output =
        new SegmentOutput(
            context,
            frame,
            flowId,
            options,
            counters,
            totals,
            receiver,
            acks,
            profile.gsoAlwaysOn(),
            this::txCompleted);
    this.smallQueues =
        new SmallQueues(settings.limitOutputBytes(), profile.smallQueueFloor(), output, queue);
    this.deferrals =
        new HeadDeferral(
            context,
            options,
            rtt,
            queue,
            window,
            recovery,
            sendWindow,
            writes,
            skbs,
            output,
            deferral,
            ackDeferral);
  }

  /**
   * Data may flow from now on, into the window the peer's handshake segment offered: the SYN-ACK's
   * unscaled window on the active side ({@code tcp_rcv_synsent_state_process}), the third segment's
   * on the passive side ({@code tcp_rcv_state_process} in SYN_RECV), which also sets {@code
   * snd_wl1} ({@code tcp_init_wl}).
   *
   * @param peerWindowBytes the window the segment offered, in bytes
   * @param seq the segment's sequence number
   */
  void established(long peerWindowBytes, long seq) {
    established = true;
    sendWindow.establish(peerWindowBytes, seq);
    window.onEstablished(options.mss);
  }

  /**
   * {@code tcp_may_update_window}: a segment may set the send window when it acknowledges new data,
   * comes from further on in the peer's sequence space than the one that last set it ({@code
   * snd_wl1}), or comes from the same place with a larger window. Reordered ACKs thus never shrink
   * the window back.
   *
   * @param ack the segment's acknowledgment number
   * @param seq its sequence number
   * @param window its window in bytes
   * @return whether it may
   */
  boolean mayUpdateWindow(long ack, long seq, long window) {
    return sendWindow.mayUpdate(ack > queue.sndUna(), seq, window);
  }

  /**
   * {@code tcp_ack_update_window}: takes the segment's window when {@link #mayUpdateWindow} allows,
   * before snd_una moves.
   *
   * @return whether it did ({@code FLAG_WIN_UPDATE})
   */
  boolean updateWindow(long ack, long seq, long window) {
    return sendWindow.update(ack > queue.sndUna(), seq, window);
  }

  /** Bytes the application has written so far. */
  long written() {
    return writes.written();
  }

  /** Segments retransmitted, tail loss probes included ({@code ss -ti}'s retrans total). */
  long retransmitted() {
    return retransmitted;
  }

  /**
   * The application closed the socket (or shut down its sending side): {@code tcp_send_fin} sets
   * FIN on the last data segment when that data is still unsent, and otherwise sends a FIN of its
   * own once every byte written is acknowledged or in flight.
   */
  void close() {
    closeRequested = true;
    finOnLastData = queue.sndNxt() < writes.written();
  }

  /** Whether this end has sent its FIN. */
  boolean finSent() {
    return finQueued;
  }

  /**
   * The application makes {@code count} send() calls of {@code size} bytes; with {@code
   * endOfRecord} the last one was made with {@code MSG_EOR}.
   */
  void write(long count, long size, boolean endOfRecord) {
    if (sendWindow.maxWindow() > 0 && size > sendWindow.maxWindow() / 2) {
      long goal = gso ? (long) skbGoal(options.mss) * options.mss : options.mss;
      writes.forcePushes(count, size, queue.sndNxt(), goal, sendWindow.maxWindow() / 2);
    }
    if (gso && profile.tsoAutosize() && count > 0 && size > 0) {
      skbs.onWrite(writes.written(), queue.sndNxt(), (long) skbGoal(options.mss) * options.mss);
    }
    writes.write(count, size);
    if (endOfRecord && count > 0 && size > 0) {
      writes.endRecord();
    }
  }

  /** This connection's tcp_info totals. */
  ConnectionTotals totals() {
    return totals;
  }

  /**
   * F-RTO's test for new data ({@code tcp_process_loss}): unsent data waits and the peer's window
   * ends past snd_nxt ({@code tcp_wnd_end}).
   */
  boolean canSendNewData() {
    return writes.written() > queue.sndNxt()
        && queue.sndUna() + sendWindow.window() > queue.sndNxt();
  }

  /** The peer's window in bytes ({@code snd_wnd}). */
  long peerWindow() {
    return sendWindow.window();
  }

  /** {@code tp->max_window}: the largest window the peer offered. */
  long maxWindow() {
    return sendWindow.maxWindow();
  }

  /** The pacing rate ({@link Pacing#rateOf}); 3.16's has no ratios (its TSQ floor's kernels). */
  long pacingRate() {
    return Pacing.rateOf(rtt, window, queue.size(), options.mss, !smallQueues.floor());
  }

  /** TCP small queues ({@link SmallQueues}) for an skb of {@code payload} bytes. */
  private boolean smallQueueAllows(boolean retransmission, int payload) {
    return smallQueues.allows(retransmission, payload, pacingRate());
  }

  /** {@code tcp_write_xmit} and {@code tcp_xmit_retransmit_queue} until something stops them. */
  void trySend() {
    if (!established) {
      return;
    }
    if (recovery.newDataOnly()) {
      // F-RTO's step 2.b (tcp_xmit_recovery with REXMIT_NEW): new data, and retransmissions only
      // if none of it got past high_seq.
      send(false);
      if (recovery.newDataPassedHighSeq()) {
        return;
      }
    }
    send(true);
  }

  /**
   * {@code tcp_write_xmit}'s loop, after the lost segments when {@code retransmit}: what cwnd, the
   * peer's window, TCP small queues and a reduction's budget allow; then, when data was waiting,
   * {@code tcp_cwnd_validate} with whether cwnd was the limit ({@code is_cwnd_limited}: what is in
   * flight fills it), if anything new went out or it was.
   */
  private void send(boolean retransmit) {
    long appEnd = writes.written();
    long sndNxtBefore = queue.sndNxt();
    boolean dataWaiting = sndNxtBefore < appEnd;
    deferrals.startLoop();
    sendLoop(retransmit, appEnd);
    if (dataWaiting) {
      boolean limited = deferrals.deferredForCwnd() || queue.packetsInFlight() >= window.cwnd;
      if (limited || queue.sndNxt() > sndNxtBefore) {
        window.validate(limited, queue.size(), queue.sndUna(), queue.sndNxt());
      }
    }
  }

  private void sendLoop(boolean retransmit, long appEnd) {
    while (true) {
      if (retransmit
          && queue.lostOut() > 0
          && !recovery.holdsRetransmissions()
          && retransmitOneLost()) {
        continue;
      }
      long sndNxt = queue.sndNxt();
      if (queue.packetsInFlight() >= window.cwnd && sndNxt < appEnd) {
        return;
      }
      if (sndNxt == appEnd && closeRequested && !finQueued) {
        // tcp_cwnd_test lets a lone FIN past the congestion window.
        finQueued = true;
        transmit(queue.appendFin(), false);
        // tcp_send_fin pushes through tcp_write_xmit, which re-arms the loss probe after sending.
        probe.schedule();
        return;
      }
      if (sndNxt < appEnd && !windowFitsNext(appEnd)) {
        if (queue.size() == 0) {
          windowProbe.armIfIdle();
        }
        return;
      }
      if (sndNxt >= appEnd) {
        return;
      }
      if (profile.idleRestartOnWrite()) {
        // tcp_slow_start_after_idle_check runs when data joins the write queue (tcp_skb_entail)
        // or the window opens, before tcp_write_xmit sizes anything by cwnd.
        restartIfIdle();
      }
      int segments = gso ? superPacketSegments(appEnd) : 1;
      int payload =
          segments > 1
              ? segments * options.mss
              : (int)
                  Math.min(options.mss, Math.min(appEnd, writes.recordEndAbove(sndNxt)) - sndNxt);
      // tcp_write_xmit asks tcp_tso_should_defer before TCP small queues.
      if (ackDeferral != null
          && deferrals.deferForAck(appEnd, tsoGoal(options.mss), closeRequested)) {
        return;
      }
      if (!smallQueueAllows(false, payload)) {
        return;
      }
      if (recovery.inRecovery() && !reduction.maySend()) {
        return;
      }
      if (!profile.idleRestartOnWrite()) {
        // Before 4.x, tcp_event_data_sent restarts as the first segment after idle goes out,
        // sized by the window as it stood.
        restartIfIdle();
      }
      if (deferral != null && deferrals.deferSuperPacket(appEnd, tsoGoal(options.mss))) {
        return;
      }
      smallQueues.skbSentFrom(sndNxt);
      if (segments > 1) {
        sendSuperPacket(appEnd, segments);
        probe.schedule();
        continue;
      }
      transmit(appendSegment(appEnd), false);
      probe.schedule();
      if (recovery.inRecovery()) {
        reduction.sent();
      }
    }
  }

  /** {@code tcp_slow_start_after_idle_check}: nothing in flight and idle for more than an RTO. */
  private void restartIfIdle() {
    if (!slowStartAfterIdle || queue.size() > 0 || output.lastDataSentNs() < 0) {
      return;
    }
    long idle = context.now() - output.lastDataSentNs();
    long rtoNs = rto.currentNs();
    if (idle > rtoNs) {
      window.restartAfterIdle(idle, rtoNs);
    }
  }

  private int appendSegment(long appEnd) {
    long sndNxt = queue.sndNxt();
    int len = (int) Math.min(options.mss, Math.min(appEnd, writes.recordEndAbove(sndNxt)) - sndNxt);
    boolean push = writes.pushFor(sndNxt + len);
    if (finOnLastData && sndNxt + len == appEnd) {
      finQueued = true;
      return queue.appendWithFin(len, push);
    }
    return queue.append(len, push);
  }

  /**
   * With GSO/TSO, {@code tcp_write_xmit} sends as many full segments as the window allows, up to
   * the TSO size goal ({@code tcp_tso_autosize}: about 1 ms at the pacing rate, 64 KB at most, and
   * at least {@code tcp_min_tso_segs}), as one super-packet.
   *
   * @return the segments, or 1 when fewer than two full segments can go, so a plain segment is sent
   *     instead
   */
  private int superPacketSegments(long appEnd) {
    int mss = options.mss;
    int goal = tsoGoal(mss);
    int room = window.cwnd - queue.packetsInFlight();
    if (profile.gsoHalfCwnd()) {
      room = Math.min(room, Math.max(window.cwnd >> 1, 1));
    }
    boolean reducing = recovery.inRecovery();
    if (reducing) {
      // In recovery tcp_write_xmit still builds GSO packets of new data, up to the quota the
      // window reduction leaves this ACK (PRR's sndcnt, rate-halving's in-flight + 1).
      room = Math.min(room, reduction.sendBudget);
    }
    long sndNxt = queue.sndNxt();
    long stop = Math.min(appEnd, writes.recordEndAbove(sndNxt));
    if (profile.tsoAutosize()) {
      // The piece of the write queue's head skb that is left: after 64 KB skbs cut to the
      // autosized goal, the last piece of each is what remains (8+8+8+8+8+5 at 20 Mbit/s).
      skbs.sent(sndNxt);
      stop = Math.min(stop, skbs.skbEnd(sndNxt));
    }
    long full = (Math.min(stop, queue.sndUna() + sendWindow.window()) - sndNxt) / mss;
    return (int) Math.max(1, Math.min(Math.min(room, goal), full));
  }

  /** Segments in an skb {@code tcp_sendmsg} builds ({@link SizeGoals#skb}). */
  private int skbGoal(int mss) {
    return profile.tsoAutosize() ? goals.skb(mss, sendWindow.maxWindow()) : tsoGoal(mss);
  }

  /** Sends {@code segments} full segments as one super-packet ({@link #superPacketSegments}). */
  private void sendSuperPacket(long appEnd, int segments) {
    int mss = options.mss;
    boolean reducing = recovery.inRecovery();
    long now = context.now();
    long first = queue.sndNxt();
    boolean push = false;
    int finFlag = 0;
    for (int i = 0; i < segments; i++) {
      int slot = appendSegment(appEnd);
      queue.sent(slot, now, false);
      if (i == 0) {
        queue.startsSkb(slot);
      }
      if (reducing) {
        reduction.sent();
      }
      push = queue.has(slot, RetransmitQueue.PUSH);
      if (queue.has(slot, RetransmitQueue.FIN)) {
        finFlag = TcpSegment.FIN;
      }
    }
    // The forced PSH goes on the transmitted clone's header only (__tcp_transmit_skb sets it in
    // the clone's control block), so a later resend of the last segment does not carry it.
    output.emit(first, segments * mss, push || profile.pushesGsoPackets(), segments, now, finFlag);
    dataInFlight();
  }

  /** Segments per GSO packet ({@link SizeGoals#tso}); before 3.12, the packet filled to 64 KB. */
  private int tsoGoal(int mss) {
    return profile.tsoAutosize() ? goals.tso(mss, pacingRate()) : GSO_MAX_BYTES / mss;
  }

  /**
   * One segment of {@code tcp_xmit_retransmit_queue}: the window first, then TCP small queues with
   * the lost skb's own truesize ({@code tcp_small_queue_check(sk, skb, 1)}), the piece of a sent
   * GSO packet that starts at the segment ({@link RetransmitQueue#lostSkbBytes}). Linux sends as
   * much of that skb as the window allows behind the one check; here each segment is checked, the
   * rest of the piece by its own size, as the skb {@code tcp_fragment} leaves behind is.
   */
  private boolean retransmitOneLost() {
    if (queue.packetsInFlight() >= window.cwnd) {
      return false;
    }
    if (recovery.inRecovery() && !reduction.maySend()) {
      return false;
    }
    int slot = queue.nextToRetransmit();
    if (slot < 0 || !smallQueueAllows(true, queue.lostSkbBytes(slot))) {
      return false;
    }
    transmit(slot, true);
    if (slot == queue.slot(0)) {
      xmit.headResent();
    }
    if (recovery.inRecovery()) {
      reduction.sent();
    }
    return true;
  }

  private void transmit(int slot, boolean retransmission) {
    long now = context.now();
    queue.sent(slot, now, retransmission);
    if (retransmission) {
      countRetransmission(slot);
      recovery.onRetransmit();
    } else {
      queue.startsSkb(slot);
      recovery.onNewDataSent();
    }
    output.emitQueued(queue, slot, now);
    dataInFlight();
  }

  /** Something is in flight: the RTO times it ({@link XmitTimer}), and window probes stop. */
  private void dataInFlight() {
    xmit.dataSent();
    if (windowProbe.armed()) {
      windowProbe.stop();
    }
  }

  /**
   * The zero-window probe timer fired ({@code tcp_probe_timer}): with nothing in flight and data
   * waiting behind a closed window, send the probe ({@code tcp_xmit_probe_skb}: an ACK at {@code
   * snd_una - 1}, which the peer answers with its window, TcpExtTCPWinProbe).
   */
  void onWindowProbeTimeout() {
    if (queue.size() > 0 || queue.sndNxt() >= writes.written()) {
      windowProbe.stop();
      return;
    }
    long room = queue.sndUna() + sendWindow.window() - queue.sndNxt();
    if (windowFitsNext(writes.written())) {
      trySend();
      return;
    }
    counters.winProbes++;
    if (room > 0) {
      // tcp_write_wakeup: a window too small for the next segment takes what fits, with PSH; with
      // data in flight tcp_send_probe0 stops probing and resets its back-off (the RTO takes over).
      transmit(queue.append((int) room, true), false);
      windowProbe.stop();
      return;
    }
    output.emit(queue.sndUna() - 1, 0, false, 1, context.now(), 0);
    windowProbe.probed();
  }

  /**
   * {@code tcp_snd_wnd_test}: the next segment (a full MSS, or what is left to send) fits in the
   * peer's window entirely; Linux sends no segment that crosses its right edge.
   */
  private boolean windowFitsNext(long appEnd) {
    long sndNxt = queue.sndNxt();
    long next = Math.min(options.mss, appEnd - sndNxt);
    return sndNxt + next <= queue.sndUna() + sendWindow.window();
  }

  /**
   * A tail loss probe with new data, if the window allows one.
   *
   * @return false when the probe must resend the last segment instead
   */
  boolean sendNewForProbe() {
    long appEnd = writes.written();
    if (queue.sndNxt() >= appEnd || !windowFitsNext(appEnd)) {
      return false;
    }
    transmit(appendSegment(appEnd), false);
    return true;
  }

  /**
   * The RTO's own retransmission ({@code tcp_retransmit_timer} calls {@code tcp_retransmit_skb} on
   * the head at once): it goes whatever cwnd and TCP small queues say, as {@code
   * __tcp_retransmit_skb} checks neither.
   */
  void retransmitHeadOnTimeout() {
    if (queue.size() == 0) {
      return;
    }
    int slot = queue.slot(0);
    if (!queue.has(slot, RetransmitQueue.SACKED)) {
      transmit(slot, true);
    }
  }

  /** A tail loss probe resends the last segment. */
  void resendLast() {
    int slot = queue.slot(queue.size() - 1);
    long now = context.now();
    queue.probed(slot, now);
    countRetransmission(slot);
    output.emitQueued(queue, slot, now);
  }

  /** Every resend counts in ss's retrans and TcpRetransSegs, a loss probe's too. */
  private void countRetransmission(int slot) {
    retransmitted++;
    counters.retransSegs++;
    // tcpi_bytes_retrans; a FIN's sequence number carries no byte.
    totals.bytesRetrans += queue.length(slot) - (queue.has(slot, RetransmitQueue.FIN) ? 1 : 0);
  }

  /** A pure ACK. */
  void sendAck() {
    output.emit(queue.sndNxt(), 0, false, 1, context.now(), 0);
  }

  /** The NIC sent a packet of this socket's: TSQ may let more go. */
  private void txCompleted() {
    if (queue.size() > 0 || writes.written() > queue.sndNxt()) {
      trySend();
    }
  }
}
