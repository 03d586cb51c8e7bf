package org.bondsim.core.host;

import java.util.List;
import java.util.Map;
import org.bondsim.api.RandomSource;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.Timer;
import org.bondsim.api.workload.WorkloadContext;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SimTimer;

/** The {@link WorkloadContext} of one run. */
public final class SimWorkloadContext implements WorkloadContext {
  private final EventLoop loop;
  private final List<? extends Host> clients;
  private final Host remote;
  private final long startNs;
  private final long durationNs;
  private final long staggerNs;
  private final int streams;
  private final int mtu;
  private final RandomSource random;
  private final Map<String, String> settings;

  /**
   * Builds the context for several client hosts; stream i runs from client {@code i % count}.
   *
   * @param loop the event loop
   * @param clients the netperf hosts, at least one
   * @param remote the netserver host
   * @param durationNs the test length
   * @param streams concurrent instances
   * @param mtu the bonds' MTU
   * @param random the workload's random source
   * @param settings settings by name
   */
  public SimWorkloadContext(
      EventLoop loop,
      List<? extends Host> clients,
      Host remote,
      long durationNs,
      int streams,
      int mtu,
      RandomSource random,
      Map<String, String> settings) {
    this(loop, clients, remote, 0, durationNs, streams, mtu, random, settings);
  }

  /**
   * Builds the context of a test that starts after a pre-test phase (ARP, netperf's {@code -s}).
   *
   * @param loop the run's event loop
   * @param clients the client hosts, the first being the local one
   * @param remote the host netserver runs on
   * @param startNs when the test starts
   * @param durationNs the test length
   * @param streams concurrent instances
   * @param mtu the MTU
   * @param random the workload's randomness
   * @param settings settings by name
   */
  public SimWorkloadContext(
      EventLoop loop,
      List<? extends Host> clients,
      Host remote,
      long startNs,
      long durationNs,
      int streams,
      int mtu,
      RandomSource random,
      Map<String, String> settings) {
    this(loop, clients, remote, startNs, durationNs, 0, streams, mtu, random, settings);
  }

  /**
   * Builds the context of a test whose instances start {@code staggerNs} apart.
   *
   * @param loop the run's event loop
   * @param clients the client hosts, the first being the local one
   * @param remote the host netserver runs on
   * @param startNs when the first instance's test starts
   * @param durationNs each instance's test length
   * @param staggerNs the gap between two instances' starts
   * @param streams concurrent instances
   * @param mtu the MTU
   * @param random the workload's randomness
   * @param settings settings by name
   */
  public SimWorkloadContext(
      EventLoop loop,
      List<? extends Host> clients,
      Host remote,
      long startNs,
      long durationNs,
      long staggerNs,
      int streams,
      int mtu,
      RandomSource random,
      Map<String, String> settings) {
    if (clients.isEmpty()) {
      throw new IllegalArgumentException("a run needs at least one client host");
    }
    this.loop = loop;
    this.clients = List.copyOf(clients);
    this.remote = remote;
    this.startNs = startNs;
    this.durationNs = durationNs;
    this.staggerNs = staggerNs;
    this.streams = streams;
    this.mtu = mtu;
    this.random = random;
    this.settings = settings;
  }

  @Override
  public Host local() {
    return clients.get(0);
  }

  @Override
  public Host local(int stream) {
    return clients.get(stream % clients.size());
  }

  @Override
  public Host remote() {
    return remote;
  }

  @Override
  public long now() {
    return loop.now();
  }

  @Override
  public long startNs() {
    return startNs;
  }

  @Override
  public long durationNs() {
    return durationNs;
  }

  @Override
  public long staggerNs() {
    return staggerNs;
  }

  @Override
  public int mtu() {
    return mtu;
  }

  @Override
  public int streams() {
    return streams;
  }

  @Override
  public Timer newTimer(Runnable action) {
    return new SimTimer(loop, action);
  }

  @Override
  public RandomSource random() {
    return random;
  }

  @Override
  public String setting(String name, String defaultValue) {
    return settings.getOrDefault(name, defaultValue);
  }

  @Override
  public boolean inKsoftirqd() {
    return loop.catchingUp();
  }
}
