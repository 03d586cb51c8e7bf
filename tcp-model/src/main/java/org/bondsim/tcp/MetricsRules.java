package org.bondsim.tcp;

/**
 * {@code tcp_update_metrics} and {@code tcp_init_metrics} over one {@link TcpMetrics} entry, as
 * each kernel's {@link KernelProfile.MetricsCache} has them (2.6.37's {@code net/ipv4/tcp_input.c},
 * 6.17's {@code net/ipv4/tcp_metrics.c}). The kernels scale srtt by 8 and the deviation by 4; the
 * updates below are the same arithmetic on unscaled microseconds. Route locks ({@code ip route ...
 * lock}) are not modelled: every metric is writable and the saved cwnd is never loaded.
 */
final class MetricsRules {
  private MetricsRules() {}

  /** What {@code tcp_update_metrics} reads from the closing connection. */
  record Closing(
      int backoff,
      long srttUs,
      long mdevUs,
      int cwnd,
      int ssthresh,
      boolean open,
      int reordering,
      int sysctlReordering) {}

  /**
   * The entry a closing connection leaves.
   *
   * @param kind the kernel's cache
   * @param saveSsthresh 6.x: {@code tcp_no_ssthresh_metrics_save} is 0 (2.6.37 always saves it)
   * @param old the entry before
   * @param c the connection
   * @return the entry after
   */
  static TcpMetrics save(
      KernelProfile.MetricsCache kind, boolean saveSsthresh, TcpMetrics old, Closing c) {
    boolean routeCache = kind == KernelProfile.MetricsCache.ROUTE_CACHE;
    boolean ssthreshToo = routeCache || saveSsthresh;
    if (c.backoff() > 0 || c.srttUs() == 0) {
      // "This session failed to estimate rtt": only the RTT is reset (6.x: only if an entry
      // exists).
      return new TcpMetrics(0, old.rttvarUs(), old.ssthresh(), old.cwnd(), old.reordering());
    }
    long m = old.rttUs() - c.srttUs();
    long rtt = m <= 0 ? c.srttUs() : old.rttUs() - (m >> 3);
    long dev = Math.max(Math.abs(m) >> 1, c.mdevUs());
    long var = old.rttvarUs();
    var = dev >= var ? dev : var - ((var - dev) >> 2);
    int ssthresh = old.ssthresh();
    int cwnd = old.cwnd();
    int reordering = old.reordering();
    boolean initialSlowStart = c.ssthresh() == Integer.MAX_VALUE;
    boolean congestionAvoidance = routeCache ? c.cwnd() > c.ssthresh() : c.cwnd() >= c.ssthresh();
    if (initialSlowStart) {
      if (ssthreshToo && ssthresh != 0 && (c.cwnd() >> 1) > ssthresh) {
        ssthresh = c.cwnd() >> 1;
      }
      cwnd = Math.max(cwnd, c.cwnd());
    } else if (congestionAvoidance && c.open()) {
      if (ssthreshToo) {
        ssthresh = Math.max(c.cwnd() >> 1, c.ssthresh());
      }
      cwnd = (cwnd + c.cwnd()) >> 1;
    } else {
      cwnd = (cwnd + c.ssthresh()) >> 1;
      if (ssthreshToo && ssthresh != 0 && c.ssthresh() > ssthresh) {
        ssthresh = c.ssthresh();
      }
      if (!routeCache) {
        reordering = raisedReordering(reordering, c);
      }
    }
    if (routeCache) {
      reordering = raisedReordering(reordering, c);
    }
    return new TcpMetrics(rtt, var, ssthresh, cwnd, reordering);
  }

  /** A level above the saved one is kept, unless it is the sysctl's own. */
  private static int raisedReordering(int saved, Closing c) {
    return saved < c.reordering() && c.reordering() != c.sysctlReordering()
        ? c.reordering()
        : saved;
  }
}
