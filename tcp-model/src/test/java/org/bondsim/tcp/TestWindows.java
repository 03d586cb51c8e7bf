package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.CaState;
import org.bondsim.api.tcp.cc.ConnectionView;

/**
 * A {@link CongestionWindow} for unit tests, with the module its settings name and a view that
 * reads the window itself and the context's clock; the rest of the connection is empty.
 */
final class TestWindows {
  private TestWindows() {}

  static CongestionWindow of(TcpSettings settings, TcpCounters counters, TcpHost context) {
    View view = new View(context);
    CongestionWindow window =
        new CongestionWindow(
            settings, CongestionControls.create(settings, counters, context), view);
    view.window = window;
    return window;
  }

  static CongestionWindow of(ManualContext context) {
    return of(TcpSettings.of(context), new TcpCounters(), context);
  }

  /** The window's own cwnd and ssthresh, the context's time, Open, nothing in flight. */
  private static final class View implements ConnectionView {
    private final TcpHost context;
    private CongestionWindow window;

    View(TcpHost context) {
      this.context = context;
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
      return 0;
    }

    @Override
    public long delivered() {
      return 0;
    }

    @Override
    public long srttNs() {
      return 0;
    }

    @Override
    public CaState caState() {
      return CaState.OPEN;
    }

    @Override
    public int mss() {
      return 1448;
    }

    @Override
    public long sndUna() {
      return 0;
    }

    @Override
    public long sndNxt() {
      return 0;
    }

    @Override
    public long nowNs() {
      return context.now();
    }
  }
}
