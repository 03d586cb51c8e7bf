package org.bondsim.tcp;

/**
 * {@code tcp_tso_should_defer} as {@code tcp_write_xmit} asks it for the head of the unsent data:
 * 6.x's test ({@link ExpectedAckDeferral}: hold back while the head's ACK is due soon) or 2.6.37's
 * ({@link TsoDeferral}: hold back for a jiffy while the window could take more). This class gathers
 * what either reads from the connection; the {@link Transmitter} asks it only where its kernel has
 * the test.
 */
final class HeadDeferral {
  private final TcpHost context;
  private final NegotiatedOptions options;
  private final RttEstimator rtt;
  private final RetransmitQueue queue;
  private final CongestionWindow window;
  private final Recovery recovery;
  private final SendWindow sendWindow;
  private final PushMarks writes;
  private final WriteQueueSkbs skbs;
  private final SegmentOutput output;
  private final TsoDeferral deferral;
  private final ExpectedAckDeferral ackDeferral;
  // tcp_write_xmit's is_cwnd_limited from a deferral that cwnd forced (tcp_tso_should_defer).
  private boolean deferredForCwnd;

  HeadDeferral(
      TcpHost context,
      NegotiatedOptions options,
      RttEstimator rtt,
      RetransmitQueue queue,
      CongestionWindow window,
      Recovery recovery,
      SendWindow sendWindow,
      PushMarks writes,
      WriteQueueSkbs skbs,
      SegmentOutput output,
      TsoDeferral deferral,
      ExpectedAckDeferral ackDeferral) {
    this.context = context;
    this.options = options;
    this.rtt = rtt;
    this.queue = queue;
    this.window = window;
    this.recovery = recovery;
    this.sendWindow = sendWindow;
    this.writes = writes;
    this.skbs = skbs;
    this.output = output;
    this.deferral = deferral;
    this.ackDeferral = ackDeferral;
  }

  /** A new {@code tcp_write_xmit} loop: no deferral has been forced by cwnd yet. */
  void startLoop() {
    deferredForCwnd = false;
  }

  /** Whether a deferral in this loop was cwnd's doing, which counts as cwnd-limited. */
  boolean deferredForCwnd() {
    return deferredForCwnd;
  }

  /**
   * 6.x's deferral test ({@link ExpectedAckDeferral}) for the head skb of the write queue, when it
   * holds more than one segment.
   *
   * @param tsoGoal segments per GSO packet now
   * @param closeRequested whether the application has closed (a FIN will follow the last byte)
   */
  boolean deferForAck(long appEnd, int tsoGoal, boolean closeRequested) {
    int mss = options.mss;
    long sndNxt = queue.sndNxt();
    skbs.sent(sndNxt);
    long skbEnd = Math.min(skbs.skbEnd(sndNxt), appEnd);
    long skbBytes = skbEnd - sndNxt;
    if (skbBytes <= mss) {
      return false;
    }
    boolean last = skbEnd >= appEnd;
    ExpectedAckDeferral.Verdict verdict =
        ackDeferral.judge(
            context.now(),
            recovery.state() >= Recovery.RECOVERY,
            output.lastXmitNs(),
            mss,
            window.cwnd,
            queue.packetsInFlight(),
            queue.sndUna() + sendWindow.window() - sndNxt,
            sendWindow.window(),
            tsoGoal,
            skbBytes,
            last,
            writes.recordEndAbove(sndNxt) <= skbEnd || last && closeRequested,
            queue.size() > 0 ? queue.sentAt(queue.slot(0)) : -1,
            rtt.srttNs());
    if (verdict == ExpectedAckDeferral.Verdict.DEFER_CWND_LIMITED) {
      deferredForCwnd = true;
    }
    return verdict != ExpectedAckDeferral.Verdict.SEND;
  }

  /**
   * 2.6.37's deferral test for the head packet: what is unsent, up to the size goal that {@code
   * tcp_sendmsg} built skbs to.
   *
   * @param tsoGoal segments per GSO packet
   */
  boolean deferSuperPacket(long appEnd, int tsoGoal) {
    int mss = options.mss;
    long sndNxt = queue.sndNxt();
    long unsent = appEnd - sndNxt;
    long goalBytes = (long) tsoGoal * mss;
    return deferral.shouldDefer(
        context.now(),
        recovery.state() == Recovery.OPEN,
        Math.min(unsent, goalBytes),
        unsent <= goalBytes,
        mss,
        window.cwnd,
        queue.packetsInFlight(),
        queue.sndUna() + sendWindow.window() - sndNxt,
        sendWindow.window());
  }
}
