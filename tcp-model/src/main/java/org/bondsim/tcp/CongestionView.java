package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.CaState;
import org.bondsim.api.tcp.cc.ConnectionView;

/** The read-only connection a congestion-control module sees ({@link ConnectionView}). */
final class CongestionView implements ConnectionView {

  private final TcpHost context;
  private final NegotiatedOptions options;
  private final RttEstimator rtt;
  // The window, queue and recovery state, built after this: read when the module calls.
  private final TcpSock sock;

  CongestionView(TcpHost context, NegotiatedOptions options, RttEstimator rtt, TcpSock sock) {
    this.context = context;
    this.options = options;
    this.rtt = rtt;
    this.sock = sock;
  }

  @Override
  public int cwnd() {
    return sock.window.cwnd;
  }

  @Override
  public int ssthresh() {
    return sock.window.ssthresh;
  }

  @Override
  public int packetsInFlight() {
    return sock.queue.packetsInFlight();
  }

  @Override
  public long delivered() {
    return sock.queue.delivered();
  }

  @Override
  public long srttNs() {
    return rtt.srttNs();
  }

  @Override
  public CaState caState() {
    return sock.recovery.caState();
  }

  @Override
  public int mss() {
    return options.mss;
  }

  @Override
  public long sndUna() {
    return sock.queue.sndUna();
  }

  @Override
  public long sndNxt() {
    return sock.queue.sndNxt();
  }

  @Override
  public long nowNs() {
    return context.now();
  }
}
