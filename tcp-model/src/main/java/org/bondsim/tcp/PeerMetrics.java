package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.CaState;

/**
 * A connection's side of its host's per-destination metrics ({@link TcpMetricsCache}): {@code
 * tcp_init_metrics} when the handshake completes, {@code tcp_update_metrics} when it closes, by the
 * rules of the kernel in use ({@link KernelProfile.MetricsCache}, {@link MetricsRules}).
 */
final class PeerMetrics {
  private final TcpHost context;
  private final String peer;
  private final TcpSettings settings;
  private final NegotiatedOptions options;
  private final RttEstimator rtt;
  private final CongestionWindow window;
  private final ReorderingEstimator reordering;
  private final Recovery recovery;
  private final RetransmitTimer rto;

  PeerMetrics(
      TcpHost context,
      String peer,
      TcpSettings settings,
      NegotiatedOptions options,
      RttEstimator rtt,
      CongestionWindow window,
      ReorderingEstimator reordering,
      Recovery recovery,
      RetransmitTimer rto) {
    this.context = context;
    this.peer = peer;
    this.settings = settings;
    this.options = options;
    this.rtt = rtt;
    this.window = window;
    this.reordering = reordering;
    this.recovery = recovery;
    this.rto = rto;
  }

  /** {@code tcp_init_metrics}: what the host saved about this peer, before the first data. */
  void load() {
    TcpMetricsCache cache = context.tcpMetrics();
    if (cache == null) {
      return;
    }
    TcpMetrics entry = cache.get(peer);
    if (entry.ssthresh() > 0 && settings.ssthreshMetricsSave()) {
      window.ssthresh = entry.ssthresh();
    }
    if (entry.reordering() > 0) {
      reordering.load(entry.reordering());
    }
    if (entry.rttUs() == 0) {
      return;
    }
    long cachedNs = entry.rttUs() * 1000;
    long initialRtoNs = settings.profile().initialRtoNs();
    if (settings.profile().metricsCache() == KernelProfile.MetricsCache.ROUTE_CACHE) {
      // Without a handshake sample only an RTT of TCP_TIMEOUT_INIT or more is taken; without
      // timestamps an RTO under it is forgotten again ("FORGET ALL AND RESET").
      if (!rtt.hasSample() && cachedNs < initialRtoNs) {
        return;
      }
      rtt.raiseTo(cachedNs, entry.rttvarUs() * 1000);
      if (rtt.rtoNs() < initialRtoNs && !options.timestampsOk) {
        rtt.forget();
      }
    } else if (cachedNs > rtt.srttNs()) {
      // icsk_rto = crtt + max(2 crtt, TCP_RTO_MIN), in ticks, until the first data sample.
      Jiffies ticks = settings.jiffies();
      long crtt = cachedNs * ticks.hz() / 1_000_000_000L;
      long rtoMin = ticks.ticks(RttEstimator.RTO_MIN_NS);
      rtt.firstRto(ticks.nanos(crtt + Math.max(2 * crtt, rtoMin)));
    }
  }

  /** {@code tcp_update_metrics}: see {@link TcpEndpoint#saveMetrics}. */
  void save() {
    TcpMetricsCache cache = context.tcpMetrics();
    if (cache == null || !settings.metricsSave()) {
      return;
    }
    // Linux saves when the FIN is ACKed, and the model at the test's end: it takes the connection
    // as it will be once its last data is ACKed. The state is Open again; a recovery still under
    // way has ended without an undo, cwnd falling to ssthresh (6.x's tcp_end_cwnd_reduction) or
    // keeping the lower of the two (2.6.37's tcp_complete_cwr); Disorder and Loss end with cwnd
    // as it is; and the ACKs' RTT samples have reset any back-off (tcp_set_rto's callers).
    int cwnd = window.cwnd;
    if (recovery.caState() == CaState.RECOVERY) {
      cwnd =
          settings.profile().undoRules() == KernelProfile.UndoRules.CLASSIC
              ? Math.min(cwnd, window.ssthresh)
              : window.ssthresh;
    }
    MetricsRules.Closing closing =
        new MetricsRules.Closing(
            rtt.hasSample() ? 0 : rto.backoff(),
            (rtt.srttNs() + 500) / 1000,
            (rtt.rttvarNs() + 500) / 1000,
            cwnd,
            window.ssthresh,
            true,
            reordering.level(),
            settings.reordering());
    cache.put(
        peer,
        MetricsRules.save(
            settings.profile().metricsCache(),
            settings.ssthreshMetricsSave(),
            cache.get(peer),
            closing));
  }
}
