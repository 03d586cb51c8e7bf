package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.CaState;
import org.bondsim.api.tcp.cc.ConnectionView;

/** The read-only connection a congestion-control module sees ({@link ConnectionView}). */
final class CongestionView implements ConnectionView {
  private static final CaState[] STATES = {
    CaState.OPEN, CaState.DISORDER, CaState.RECOVERY, CaState.LOSS
  };

  private final TcpHost context;
  private final NegotiatedOptions options;
  private final RttEstimator rtt;
  private final CongestionWindow window;
  private final RetransmitQueue queue;
  private final Recovery recovery;

  CongestionView(
      TcpHost context,
      NegotiatedOptions options,
      RttEstimator rtt,
      CongestionWindow window,
      RetransmitQueue queue,
      Recovery recovery) {
    this.context = context;
    this.options = options;
    this.rtt = rtt;
    this.window = window;
    this.queue = queue;
    this.recovery = recovery;
  }

  @Override
  public int cwnd() {
    return window.cwnd;
  }

  @Override
  public int ssthresh() {
    return window.ssthresh;
  }

  @Override
  public int packetsInFlight() {
    return queue.packetsInFlight();
  }

  @Override
  public long delivered() {
    return queue.delivered();
  }

  @Override
  public long srttNs() {
    return rtt.srttNs();
  }

  @Override
  public CaState caState() {
    return STATES[recovery.state()];
  }

  @Override
  public int mss() {
    return options.mss;
  }

  @Override
  public long sndUna() {
    return queue.sndUna();
  }

  @Override
  public long sndNxt() {
    return queue.sndNxt();
  }

  @Override
  public long nowNs() {
    return context.now();
  }
}
