package org.bondsim.tcp;

import org.bondsim.api.packet.Frame;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;

/**
 * One end of a TCP connection, a façade over the components Linux's {@code net/ipv4/tcp_*.c} divide
 * it into: the handshake, the {@link Transmitter} ({@code tcp_output.c}), the {@link Receiver} and
 * its {@link AckScheduler}, the {@link RetransmitQueue} and its scoreboard, {@link LossDetection}
 * (RACK, dupthresh, FACK, NewReno), the {@link ReorderingEstimator}, {@link Recovery} with undo and
 * {@link WindowReduction}, {@link CongestionWindow} with its module and HyStart, and the timers
 * ({@link RetransmitTimer}, {@link LossProbe}, RACK's reorder timer). It builds them, each with
 * what exists before it and the rest found in the connection's {@link TcpSock}, and runs {@code
 * tcp_ack}'s order once per incoming ACK ({@link #onAck}).
 *
 * <p>Not modelled: ECN, window scaling limits, Nagle and autocorking.
 */
public final class TcpEndpoint {
  /** Called when in-order data reaches the application. */
  public interface Reader {
    /**
     * Takes bytes that arrived in order.
     *
     * @param endpoint the socket they arrived on
     * @param bytes how many
     */
    void read(TcpEndpoint endpoint, long bytes);
  }

  private final TcpHost context;
  private final int flowId;
  private final TcpCounters counters;
  private final TcpSettings settings;
  private final boolean rackOn;
  private final NegotiatedOptions options;
  private final RttEstimator rtt;
  private final CongestionWindow window;
  private final ReorderingEstimator reordering;
  private final RetransmitQueue queue;
  private final Rack rack;
  private final Dupthresh dupthresh;
  private final Fack fack;
  private final NewRenoDupacks newReno;
  private final Recovery recovery;
  private final Receiver receiver;
  private final AckScheduler acks;
  private final Transmitter transmitter;
  private final Handshake handshake;
  private final RetransmitTimer rto;
  private final LossProbe probe;
  // 3.16's early retransmit (RFC 5827); null where the kernel has none.
  private final EarlyRetransmit early;
  private final XmitTimer xmit;
  private final Paws paws;
  private final KernelProfile.RttSamples rttSamples;
  private final SocketReport report;
  private final PeerMetrics metrics;
  private final AckSample sample = new AckSample();
  private Runnable onSendSpace = () -> {};

  public TcpEndpoint(
      TcpHost context,
      Frame frame,
      int flowId,
      TcpSettings settings,
      TcpCounters counters,
      Reader reader,
      long requestedReceiveBuffer) {
    KernelProfile profile = settings.profile();
    this.context = context;
    this.flowId = flowId;
    this.counters = counters;
    this.settings = settings;
    this.rackOn = settings.rack();
    this.options = new NegotiatedOptions(settings, context.mtu());
    this.rtt = new RttEstimator(profile.initialRtoNs());
    // Each part is built with what exists before it; the ones a part built earlier needs later are
    // registered in the connection's TcpSock as they come (RACK's queue and recovery state, the
    // receiver's ACK scheduler, the scheduler's and the loss probe's transmitter).
    TcpSock sock = new TcpSock();
    sock.endpoint = this;
    this.window =
        new CongestionWindow(
            settings,
            CongestionControls.create(settings, counters, context),
            new CongestionView(context, options, rtt, sock));
    sock.window = window;
    this.reordering = new ReorderingEstimator(settings, counters);
    this.rack =
        new Rack(
            context,
            rtt,
            settings.recovery(),
            settings.jiffies(),
            settings.profile().shortTimers() == KernelProfile.ShortTimers.TICK_FLOOR,
            reordering,
            sock);
    this.queue = new RetransmitQueue(counters, rack, profile.dsackDelivers());
    sock.queue = queue;
    this.dupthresh = new Dupthresh(queue, reordering);
    this.fack = new Fack(queue, reordering);
    this.newReno = new NewRenoDupacks(queue, reordering);
    this.recovery =
        new Recovery(
            context,
            queue,
            window,
            WindowReduction.of(profile),
            reordering,
            options,
            counters,
            profile,
            new Frto(profile.frto() != KernelProfile.FrtoRule.PROCESS_FRTO && settings.frto() != 0),
            new ClassicFrto(
                profile.frto() == KernelProfile.FrtoRule.PROCESS_FRTO ? settings.frto() : 0,
                settings.frtoResponse()),
            rack,
            dupthresh);
    sock.recovery = recovery;
    this.receiver =
        new Receiver(context, options, settings, counters, reader, requestedReceiveBuffer, sock);
    this.acks =
        new AckScheduler(
            context, options, profile, settings.jiffies(), counters, rtt, receiver, sock);
    sock.acks = acks;
    this.rto = new RetransmitTimer(context, rtt, settings.jiffies(), this::onRetransmitTimeout);
    this.probe =
        new LossProbe(
            context, settings, rtt, options, counters, queue, recovery, window, rto, sock);
    this.early =
        settings.profile().earlyRetransmit()
            ? new EarlyRetransmit(context, settings, queue, reordering, rtt, rto, sock)
            : null;
    this.xmit = new XmitTimer(context, settings, rto, probe, rack, sock);
    sock.reorderTimer = xmit.reorderTimer();
    ZeroWindowProbe windowProbe =
        new ZeroWindowProbe(context, rto, () -> sock.transmitter.onWindowProbeTimeout());
    this.transmitter =
        new Transmitter(
            context,
            frame,
            flowId,
            settings,
            options,
            counters,
            rtt,
            queue,
            window,
            recovery,
            receiver,
            acks,
            rto,
            probe,
            windowProbe,
            xmit);
    sock.transmitter = transmitter;
    this.metrics =
        new PeerMetrics(
            context,
            frame.ip().destination().toString(),
            settings,
            options,
            rtt,
            window,
            reordering,
            recovery,
            rto);
    this.handshake =
        new Handshake(
            context,
            frame,
            settings,
            options,
            counters,
            receiver,
            rto,
            transmitter,
            rtt,
            metrics::load);
    this.paws = new Paws(receiver, acks, counters, settings);
    this.rttSamples = settings.profile().rttSamples();
    this.report =
        new SocketReport(
            context,
            settings,
            options,
            rtt,
            window,
            reordering,
            queue,
            recovery,
            newReno,
            receiver,
            transmitter,
            handshake,
            rto);
  }

  // ===================================================================== application side

  /** Sets what to run when an ACK frees send-buffer space (the application's write wake-up). */
  public void onSendSpace(Runnable action) {
    this.onSendSpace = action;
  }

  /** The application writes more bytes; they are sent as the window allows. */
  public void write(long bytes) {
    writeMessages(1, bytes);
  }

  /**
   * One send() of {@code bytes} with {@code MSG_EOR}: the record ends with it, so no later byte
   * shares a segment with its last one.
   */
  public void writeRecordEnd(long bytes) {
    transmitter.write(1, bytes, settings.profile().recordEnds());
    transmitter.trySend();
  }

  /** The application makes {@code count} send() calls of {@code size} bytes ({@link PushMarks}). */
  public void writeMessages(long count, long size) {
    transmitter.write(count, size, false);
    transmitter.trySend();
  }

  /** Returns the bytes written and not yet acknowledged ({@code SIOCOUTQ}). */
  public long unsentOrUnacked() {
    return Math.max(0, transmitter.written() - queue.sndUna());
  }

  /** The application closes the socket: a FIN follows the data ({@code close(2)}). */
  public void close() {
    transmitter.close();
    transmitter.trySend();
  }

  /** Returns the bytes the application has read. */
  public long bytesRead() {
    return receiver.bytesRead();
  }

  /** Returns the segments the peer has acknowledged ({@code tcpi_delivered}). */
  public long delivered() {
    return queue.delivered();
  }

  /** Returns whether the handshake has completed ({@code TCP_ESTABLISHED}). */
  public boolean established() {
    return handshake.established();
  }

  /** Active open. */
  public void connect() {
    handshake.connect();
  }

  // ===================================================================== a segment arrives

  /** {@code tcp_rcv_established} and the handshake states, for one segment. */
  public void receive(Packet packet) {
    counters.inSegs++;
    transmitter.totals().segsIn++;
    TcpSegment segment = packet.tcp();
    if (segment == null) {
      return;
    }
    if (segment.has(TcpSegment.SYN)) {
      switch (handshake.receiveSyn(segment)) {
        case ANSWERED -> {}
        case REACK -> acks.ackNow();
        case ESTABLISHED -> {
          acks.ackNow();
          transmitter.trySend();
        }
      }
      return;
    }
    if (!handshake.acceptSegment(segment)) {
      return;
    }
    int payload = packet.payloadBytes();
    long ack = segment.acknowledgment();
    if (options.timestampsOk
        && segment.tsVal() != 0
        && paws.discards(
            segment,
            payload,
            queue.sndUna(),
            transmitter.mayUpdateWindow(ack, segment.sequence(), segment.window()),
            rto.currentNs(),
            context.now())) {
      // tcp_validate_incoming's first step: the segment goes before tcp_ack sees its blocks.
      return;
    }
    if (receiver.endsBeforeLastAck(segment, payload)) {
      // Its step 1 (tcp_sequence): data that ends before rcv_wup, a needless retransmission that
      // came after its original, is answered by tcp_send_dupack (its bytes in a DSACK) and dropped
      // before tcp_ack: it neither moves ts_recent, which would make the PAWS check discard the
      // originals still on their way, nor acknowledges anything. A FIN alone is no data segment.
      if (payload > 0) {
        transmitter.totals().dataSegsIn++;
      }
      receiver.sendDupack(segment.sequence(), payload);
      return;
    }
    if (segment.has(TcpSegment.ACK) && ack > queue.sndNxt()) {
      // tcp_ack refuses an ACK of data not yet sent ("discard this segment", RFC 793 3.9), and
      // tcp_rcv_established drops the whole segment: no timestamp, data or FIN is taken from it.
      return;
    }
    if (ack >= queue.sndUna() || headerPredicted(segment, payload)) {
      // tcp_ack replaces ts_recent only for an ACK it does not send to old_ack; the fast path
      // stores it before tcp_ack for the pure ACKs header prediction takes.
      receiver.onTimestamp(segment.sequence(), segment.tsVal());
    }
    // tcp_rcv_rtt_measure_ts: pure ACKs too move the echo it compares with, giving no sample.
    receiver.onEcho(segment.tsEcr(), payload);
    if (payload > 0) {
      transmitter.totals().dataSegsIn++;
      transmitter.totals().bytesReceived += receiver.receiveData(segment.sequence(), payload);
    }
    onAck(segment, payload > 0);
    if (segment.has(TcpSegment.FIN) && receiver.receiveFin(segment.sequence() + payload)) {
      // Linux ACKs a FIN at once in FIN_WAIT2 (tcp_fin, then tcp_time_wait); in ESTABLISHED it
      // schedules the ACK. Difference: the model ACKs at once in both.
      acks.ackNow();
      return;
    }
    if (payload > 0) {
      acks.decide();
    }
  }

  /**
   * {@code tcp_ack}'s order: the scoreboard from the SACK blocks, the cumulative ACK and its RTT
   * sample, the reordering evidence, then recovery (which runs loss detection), the tail loss
   * probe's check, the application's wake-up and transmission.
   */
  private void onAck(TcpSegment segment, boolean carriesData) {
    long ack = segment.acknowledgment();
    sample.reset(ack, queue.sndUna());
    // What a DSACK is read against (tcp_check_dsack, tcp_is_sackblock_valid).
    sample.undoMarker = recovery.undoMarker;
    sample.maxWindow = transmitter.maxWindow();
    sample.tsEcr = options.timestampsOk ? segment.tsEcr() : 0;
    sample.priorInFlight = queue.packetsInFlight();
    sample.sndNxt = queue.sndNxt();
    if (ack > queue.sndNxt()) {
      return;
    }
    if (ack < queue.sndUna()) {
      onOldAck(segment);
      return;
    }
    if (early != null) {
      // tcp_ack gives the timer back to the RTO before anything else (tcp_rearm_rto).
      early.onAck();
    }
    // A duplicate ACK in RFC 5681's sense, less the window test: nothing newly acknowledged while
    // data is outstanding. Linux keeps no such counter; bondsim reports it for reordering studies.
    if (ack == queue.sndUna() && queue.sndNxt() > queue.sndUna()) {
      counters.dupAcksIn++;
    }
    boolean windowUpdate = transmitter.updateWindow(ack, segment.sequence(), segment.window());
    long now = context.now();
    queue.sackTag(segment.sack(), sample, now, options.mss);
    if (sample.walked > 0) {
      // The host charges its CPU for the scoreboard work, as tcp_sacktag_walk spends it.
      context.scoreboardWork(sample.walked);
    }
    if (sample.sackReorderSeq >= 0 && recovery.acceptsReorderingEvidence()) {
      noteReordering(sample.sackReorderSeq);
    }
    if (sample.dsack) {
      onDsack(segment);
    }
    queue.cumulativeAck(sample, now);
    long rttSampleNs = rttSample(segment);
    if (sample.released > 0 || sample.caRttNs >= 0) {
      // Only 6.x's HyStart reads it, and only in slow start.
      sample.pacingRate = window.inSlowStart() ? transmitter.pacingRate() : 0;
      window.onPacketsAcked(sample);
    }
    if (rttSampleNs >= 0) {
      rtt.sample(rttSampleNs, sample.caRttNs >= 0 ? sample.caRttNs : rttSampleNs);
      rto.resetBackoff();
    }
    if (sample.advanced) {
      if (queue.size() > 0) {
        rto.arm();
      } else {
        xmit.queueEmpty();
      }
    }
    sample.newlyDelivered = sample.acked + sample.newlySacked + sample.dsackDelivered;
    // FLAG_NOT_DUP: data, a window update (tcp_may_update_window) or an acknowledgment of new data.
    sample.notDuplicate = sample.advanced || carriesData || windowUpdate;
    queue.countDelivered(sample.newlyDelivered);
    if (sample.ackReorderSeq >= 0) {
      noteReordering(sample.ackReorderSeq);
    }
    if (!options.sackOk) {
      sample.newlyDelivered = newReno.onAck(sample, !segment.sack().isEmpty());
    }
    if (queue.size() == 0 && !sample.advanced && sample.newlyDelivered == 0 && !sample.dsack) {
      // Nothing outstanding (tcp_ack's no_queue): the segment may still have opened a closed
      // window (tcp_ack_probe), and tcp_rcv_established checks for data to send after every ACK.
      transmitter.trySend();
      return;
    }
    boolean probePending = xmit.startAck();
    if (rackOn) {
      rack.updateReoWnd(sample.priorDelivered, queue.delivered());
    }
    recovery.onAck(sample, segment, lossDetection(), transmitter.canSendNewData());
    probe.onAck(ack, sample.dsack);
    if (sample.advanced) {
      onSendSpace.run();
    }
    xmit.afterLossMarking(sample.advanced, probePending);
    transmitter.trySend();
    if (xmit.reorderPending()) {
      // Linux has one timer: tcp_rack_mark_lost's reorder timeout replaces the probe.
      probe.cancel();
    } else if (sample.advanced) {
      // FLAG_SET_XMIT_TIMER: only an ACK of new data re-arms the probe (tcp_set_xmit_timer); a
      // duplicate leaves the pending one as it was.
      probe.schedule();
    }
  }

  /** {@code tcp_ack_update_rtt}'s sample ({@link RttEstimator#pick}), or -1. */
  private long rttSample(TcpSegment segment) {
    // "RTTM Rule": the timestamp echo is read only on an ACK that advanced.
    boolean echo = sample.advanced && options.timestampsOk && segment.tsEcr() != 0;
    long echoNs = echo ? (TcpClock.ms(context) - segment.tsEcr()) * 1_000_000L : -1;
    return RttEstimator.pick(rttSamples, sample, echoNs);
  }

  /**
   * {@code tcp_ack}'s {@code old_ack}: an ACK below snd_una (one that a later ACK overtook) changes
   * nothing but what its SACK blocks report, which is tagged and handed to {@code
   * tcp_fastretrans_alert} (a DSACK may undo); no window update, RTT sample, window growth or
   * timer.
   */
  private void onOldAck(TcpSegment segment) {
    if (segment.sack().isEmpty()) {
      return;
    }
    long now = context.now();
    queue.sackTag(segment.sack(), sample, now, options.mss);
    if (sample.walked > 0) {
      context.scoreboardWork(sample.walked);
    }
    if (sample.sackReorderSeq >= 0 && recovery.acceptsReorderingEvidence()) {
      noteReordering(sample.sackReorderSeq);
    }
    if (sample.dsack) {
      onDsack(segment);
    }
    sample.oldAck = true;
    // What it SACKed is never counted in tp->delivered: old_ack skips tcp_count_delivered.
    sample.newlyDelivered = sample.newlySacked;
    xmit.startAck();
    recovery.onAck(sample, segment, lossDetection(), transmitter.canSendNewData());
    xmit.afterOldAck();
    transmitter.trySend();
    if (xmit.reorderPending()) {
      probe.cancel();
    }
  }

  /** A DSACK lowers what undo waits for and may ask RACK for a wider window. */
  private void onDsack(TcpSegment segment) {
    recovery.onDsack(sample);
    if (rackOn) {
      rack.onDsack(probe.answeredBy(segment.sack().get(0), options.mss));
    }
  }

  /**
   * {@code tcp_check_sack_reordering}: a hole at {@code lowSeq} below the highest SACK was filled
   * without a retransmission, {@code fack - lowSeq} bytes late. Linux calls it from the SACK
   * tagging and again from the cumulative ACK's clean-up, so one ACK may count twice.
   */
  private void noteReordering(long lowSeq) {
    long fack = queue.fack();
    if (lowSeq < fack) {
      reordering.note(fack - lowSeq, false, options.sackOk, options.mss);
    }
  }

  /**
   * Whether {@code tcp_rcv_established}'s header prediction takes a segment: a bare ACK (no SACK
   * blocks, no other flag) at rcv_nxt, with timestamps only, advertising the window already in
   * force, whose timestamp is not older than ts_recent.
   */
  private boolean headerPredicted(TcpSegment segment, int payload) {
    return payload == 0
        && segment.flags() == TcpSegment.ACK
        && segment.sack().isEmpty()
        && segment.sequence() == receiver.rcvNxt()
        && segment.window() == transmitter.peerWindow();
  }

  /**
   * The detector in force ({@code tcp_identify_packet_loss}): a connection that did not negotiate
   * SACK counts duplicate ACKs whatever {@code tcp_recovery} says; with SACK, RACK when enabled,
   * else FACK until reordering is seen, then dupthresh; on 3.16 with early retransmit around it.
   */
  private LossDetection lossDetection() {
    LossDetection detector;
    if (!options.sackOk) {
      detector = newReno;
    } else if (rackOn) {
      detector = rack;
    } else {
      detector = reordering.fackAllowed() ? fack : dupthresh;
    }
    return early != null && early.on() ? early.over(detector) : detector;
  }

  // ===================================================================== per-destination metrics

  /**
   * {@code tcp_update_metrics} as the connection closes (it enters TIME-WAIT, or leaves LAST-ACK):
   * its RTT, window and reordering level go into its host's per-destination metrics, as the kernel
   * in use saves them ({@link KernelProfile.MetricsCache}). Nothing where the host keeps no metrics
   * or {@code net.ipv4.tcp_no_metrics_save} is 1.
   */
  public void saveMetrics() {
    metrics.save();
  }

  // ===================================================================== timers

  /** The connection's retransmission timer, for the invariants tests check. */
  XmitTimer xmitTimer() {
    return xmit;
  }

  private void onRetransmitTimeout() {
    if (!handshake.established()) {
      handshake.onTimeout();
      return;
    }
    if (queue.size() == 0 || probe.dueNow()) {
      return;
    }
    recovery.onTimeout(probe.retransmissionOut());
    probe.onTimeout();
    rto.backOff();
    rto.arm();
    transmitter.retransmitHeadOnTimeout();
    transmitter.trySend();
  }

  // ===================================================================== reporting

  /**
   * Returns the connection as {@code ss -ti} prints it ({@link SsLine}: iproute2's order and
   * omission rules, over the tcp_info fields the model keeps).
   */
  public String describe() {
    return report.describe();
  }

  /**
   * Returns {@code getsockopt(TCP_INFO)}: the fields of {@code struct tcp_info} the model keeps.
   */
  public SocketInfo socketInfo() {
    return report.socketInfo();
  }

  /** Returns the same state as {@code struct tcp_info} figures. */
  public TcpState state() {
    return report.state();
  }

  @Override
  public String toString() {
    return "TcpEndpoint[snd_una "
        + queue.sndUna()
        + ", snd_nxt "
        + queue.sndNxt()
        + ", rcv_nxt "
        + receiver.rcvNxt()
        + "]";
  }

  /**
   * Returns the flow number the connection's frames carry (see {@link TcpConnections}).
   *
   * @return the flow id
   */
  public int flowId() {
    return flowId;
  }
}
