package org.bondsim.tcp;

import org.bondsim.api.KernelVersion;
import org.bondsim.api.tcp.cc.CongestionContext;

/**
 * The context the model gives a congestion-control module: the public part every plugin reads, and,
 * for bondsim's own CUBIC and Reno, the connection's settings and counters (HyStart counts its
 * exits in nstat's {@code TcpExtTCPHystart*}).
 *
 * @param settings the connection's settings
 * @param counters the host's TCP counters
 * @param workload the run's clock and settings
 */
record ModelCongestionContext(TcpSettings settings, TcpCounters counters, TcpHost workload)
    implements CongestionContext {
  @Override
  public KernelVersion kernel() {
    return settings.kernel().version();
  }

  @Override
  public int hz() {
    return settings.jiffies().hz();
  }

  @Override
  public String setting(String name, String fallback) {
    return workload.setting(name, fallback);
  }
}
