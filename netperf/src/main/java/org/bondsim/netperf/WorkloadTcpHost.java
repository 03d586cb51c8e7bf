package org.bondsim.netperf;

import org.bondsim.api.stack.Packet;
import org.bondsim.api.stack.Timer;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.WorkloadContext;
import org.bondsim.tcp.TcpHost;
import org.bondsim.tcp.TcpMetricsCache;

/**
 * One simulated host as a TCP connection sees it, from a netperf test's context: the run's clock,
 * timers, MTU and sysctls, and the host's send path and CPU.
 *
 * @param context the test's context
 * @param host the host the connection runs on
 * @param metrics the host's per-destination TCP metrics, or null where the run keeps none
 */
record WorkloadTcpHost(WorkloadContext context, Host host, TcpMetricsCache metrics)
    implements TcpHost {
  @Override
  public long now() {
    return context.now();
  }

  @Override
  public Timer newTimer(Runnable action) {
    return context.newTimer(action);
  }

  @Override
  public int mtu() {
    return context.mtu();
  }

  @Override
  public String setting(String name, String defaultValue) {
    return context.setting(name, defaultValue);
  }

  @Override
  public void send(Packet packet) {
    host.send(packet);
  }

  @Override
  public TcpMetricsCache tcpMetrics() {
    return metrics;
  }

  @Override
  public void scoreboardWork(int segments) {
    host.scoreboardWork(segments);
  }

  @Override
  public boolean inKsoftirqd() {
    return context.inKsoftirqd();
  }
}
