package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.bondsim.api.Bond;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.workload.Workload;
import org.bondsim.api.workload.WorkloadProvider;
import org.bondsim.api.workload.WorkloadResult;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.capture.Captures;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.host.SimWorkloadContext;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.nic.ReceiveOffloads;
import org.bondsim.core.nic.ReceivePath;
import org.bondsim.core.wire.EthernetLink;

/**
 * Builds and runs one {@link Scenario}: two hosts, one link per slave, a bond on each side with the
 * same mode and options, and the scenario's netperf test from the first host to the second.
 *
 * <p>Randomness comes from one root seeded with the scenario's seed, split in the fixed order of
 * {@link SeedStreams.Stream}.
 *
 * <p>Frames are measured for reordering as they reach the receiving host's NICs. With {@link
 * Scenario#receive()} set, each host's NICs, NAPI, GRO and CPU sit between the wire and the bond.
 */
public final class ScenarioRunner {
  /** RFC 5236 displacement threshold used in reports. */
  public static final int DENSITY_THRESHOLD = 8;

  /** The sending host's bond MAC. */
  public static final MacAddress SENDER_MAC = MacAddress.parse("02:00:00:00:00:01");

  /** The receiving host's bond MAC. */
  public static final MacAddress RECEIVER_MAC = MacAddress.parse("02:00:00:00:00:02");

  /** The sending host's address. */
  public static final Ipv4Address SENDER_IP = Ipv4Address.parse("10.0.0.1");

  /** The receiving host's address. */
  public static final Ipv4Address RECEIVER_IP = Ipv4Address.parse("10.0.0.2");

  private final BondFactory factory;
  private final WorkloadRegistry workloads;
  private final PluginSet<ReceiveOffloadProvider> offloads = ReceiveOffloads.available();

  /**
   * Builds a runner over the discovered modes and tests.
   *
   * @param registry the modes
   * @param workloads the tests
   */
  public ScenarioRunner(PolicyRegistry registry, WorkloadRegistry workloads) {
    this.factory = new BondFactory(Checks.notNull("registry", registry));
    this.workloads = Checks.notNull("workloads", workloads);
  }

  /**
   * Builds a runner over the modes and tests on the class path.
   *
   * @param registry the modes
   */
  public ScenarioRunner(PolicyRegistry registry) {
    this(registry, WorkloadRegistry.load());
  }

  /**
   * Checks a scenario's bond settings without running it.
   *
   * @param scenario the scenario
   * @return the mode and options it would use
   */
  public BondFactory.ResolvedBond resolve(Scenario scenario) {
    Checks.notNull("scenario", scenario);
    return factory.resolve(scenario.bond(), scenario.moduleParameters());
  }

  /**
   * Runs a scenario to its end.
   *
   * @param scenario the scenario
   * @return the report
   */
  public RunReport run(Scenario scenario) {
    return run(scenario, (bond, policy) -> policy);
  }

  /**
   * Runs a scenario watched by progress, captures of both hosts' interfaces ({@code --pcap}) and a
   * time series ({@code --series}), any of them null; the report is the same as without them.
   *
   * @param scenario the scenario
   * @param hooks what watches
   * @return the report
   */
  public RunReport run(Scenario scenario, RunHooks hooks) {
    Checks.notNull("hooks", hooks);
    return run(scenario, (bond, policy) -> policy, hooks);
  }

  /**
   * Runs a scenario with every bond's policy wrapped, so a test or harness can watch or change each
   * choice.
   *
   * @param scenario the scenario
   * @param decorator given each bond and its policy, returns the policy to use
   * @return the report
   */
  public RunReport run(Scenario scenario, BiFunction<Bond, TxPolicy, TxPolicy> decorator) {
    return run(scenario, decorator, RunHooks.NONE);
  }

  private RunReport run(
      Scenario scenario, BiFunction<Bond, TxPolicy, TxPolicy> decorator, RunHooks hooks) {
    Checks.notNull("decorator", decorator);
    BondFactory.ResolvedBond resolved = resolve(scenario);
    Map<String, Integer> slaveIndex = slaveIndex(scenario);
    RunAssembly a = new RunAssembly(scenario, resolved, offloads);
    a.cableSlaves();
    a.assembleHosts();
    a.attachPolicies(decorator);
    a.addClients();
    a.startMonitorsAndClocks();
    WorkloadSpec spec = scenario.workload();
    long startNs = startTest(a, slaveIndex, hooks.captures(), spec);
    // Staggered instances (TCP_RR): the last one starts (streams - 1) gaps after the first and
    // times a full window too; host figures cover the whole of it.
    long measuredNs = (spec.streams() - 1) * spec.staggerNs() + scenario.durationNs();
    long endNs = startNs + measuredNs;
    Workload workload = createWorkload(a, spec, startNs);
    workload.start();
    runLoop(a, workload, hooks, startNs, endNs);
    return report(a, workload.finish(), startNs, measuredNs, endNs);
  }

  /** Slave names by index, after checking that every link event names one. */
  private static Map<String, Integer> slaveIndex(Scenario scenario) {
    Map<String, Integer> slaveIndex = new LinkedHashMap<>();
    for (int i = 0; i < scenario.slaves().size(); i++) {
      slaveIndex.put(Scenario.slaveName(i), i);
    }
    for (LinkEvent event : scenario.events()) {
      if (!slaveIndex.containsKey(event.slave())) {
        throw new OptionException(
            "link event",
            event.slave(),
            "link event names slave '"
                + event.slave()
                + "'; allowed: "
                + String.join(", ", slaveIndex.keySet()));
      }
    }
    return slaveIndex;
  }

  /**
   * Everything up to the test's start: captures, LACP settling, the pre-test (ARP, netperf's {@code
   * -s} wait), the CPUs' measurement window and the link events, timed from the start.
   *
   * @return when the test starts
   */
  private static long startTest(
      RunAssembly a, Map<String, Integer> slaveIndex, Captures captures, WorkloadSpec spec) {
    Scenario scenario = a.scenario;
    if (captures != null) {
      // Both hosts' TCP builds super-packets when the offloads are on (bondsim.gso below).
      boolean tso = scenario.host().offloads().tso();
      a.sender.tap(captures, "local", tso);
      a.receiver.tap(captures, "remote", tso);
    }
    a.aggregation.settle(a.loop);
    // The bonds came up at time 0; netperf starts once they are as old as the lab says (after
    // LACP's settling, which may have taken longer).
    long bondAgeNs = scenario.network().bondAgeNs();
    if (bondAgeNs > a.loop.now()) {
      a.loop.runUntil(bondAgeNs);
    }
    long startNs =
        PreTest.run(
            a.loop, a.topology == Network.Topology.SWITCH, a.clients, a.remote, spec.waitNs());
    for (HostStack stack : a.stacks) {
      stack.cpus().forEach(cpu -> cpu.startWindow(startNs));
    }
    // Link events count from the start of the test, as a user times them against netperf.
    for (LinkEvent event : scenario.events()) {
      EthernetLink link = a.links.get(slaveIndex.get(event.slave()));
      a.loop.schedule(startNs + event.atNs(), (now, arg) -> Cabling.apply(link, event), 0);
    }
    return startNs;
  }

  /** The test, from its provider, with the host's kernel and offloads among its settings. */
  private Workload createWorkload(RunAssembly a, WorkloadSpec spec, long startNs) {
    Scenario scenario = a.scenario;
    WorkloadProvider provider =
        workloads
            .find(spec.test())
            .orElseThrow(
                () ->
                    workloads.conflict(spec.test()).isPresent()
                        ? new OptionException(
                            "test",
                            spec.test(),
                            "test: " + workloads.conflict(spec.test()).orElseThrow())
                        : new OptionException(
                            "test",
                            spec.test(),
                            "test must be one of "
                                + workloads.names()
                                + ", got '"
                                + StrictNumbers.echo(spec.test())
                                + "'"));
    Map<String, String> settings = new java.util.LinkedHashMap<>(spec.settings());
    settings.remove(WorkloadSpec.CPU_BINDING);
    checkSettings(provider, settings);
    // The host's kernel and offloads reach the test as the settings it reads.
    settings.put("bondsim.kernel", a.kernel.word());
    if (scenario.host().offloads().superPackets()) {
      settings.put("bondsim.gso", "1");
    }
    return provider.create(
        new SimWorkloadContext(
            a.loop,
            a.clients,
            a.remote,
            startNs,
            scenario.durationNs(),
            spec.staggerNs(),
            spec.streams(),
            scenario.mtu(),
            a.workloadRandom,
            settings),
        spec.testOptions());
  }

  /** The loop to the end, in slices when something watches (progress, a time series). */
  private static void runLoop(
      RunAssembly a, Workload workload, RunHooks hooks, long startNs, long endNs) {
    EventLoop loop = a.loop;
    ProgressListener progress = hooks.progress();
    TimeSeries series = hooks.series();
    if (series == null && progress == null) {
      loop.runUntil(endNs);
      return;
    }
    SeriesSampler sampler =
        series == null
            ? null
            : new SeriesSampler(
                series,
                workload,
                a.sender,
                a.remote,
                a.remoteStack.cpus(),
                startNs,
                a.scenario.costs().any());
    // runUntil(t) runs every event up to t and moves the clock to t, so each slice carries on
    // exactly where one loop would have; the watchers read state between slices. A series
    // slices at its interval from the test's start, progress alone in a hundred steps.
    long step = series != null ? series.intervalNs() : Math.max(1, endNs / 100);
    long t = series != null ? startNs + step : step;
    for (; t < endNs; t += step) {
      loop.runUntil(t);
      if (sampler != null) {
        sampler.sample(t);
      }
      if (progress != null) {
        progress.simulated(t, endNs);
      }
    }
    loop.runUntil(endNs);
    if (sampler != null && t == endNs) {
      sampler.sample(endNs);
    }
    if (progress != null) {
      progress.simulated(endNs, endNs);
    }
  }

  /** The report: the test's result, both hosts, the frame account and the timeline. */
  private static RunReport report(
      RunAssembly a, WorkloadResult result, long startNs, long measuredNs, long endNs) {
    Scenario scenario = a.scenario;
    List<RunReport.HostReport> hosts = new ArrayList<>();
    double elapsed = measuredNs / 1e9;
    double kilobytes = result.throughputMbps() * 1e6 / 8 * elapsed / 1024;
    boolean cpuModelled = scenario.costs().any();
    hosts.add(
        RunReports.host("local", a.local, a.localStack, endNs, measuredNs, kilobytes, cpuModelled));
    hosts.add(
        RunReports.host(
            "remote", a.remote, a.remoteStack, endNs, measuredNs, kilobytes, cpuModelled));
    List<ReceivePath> paths = new ArrayList<>();
    for (HostStack stack : a.stacks) {
      if (stack.path() != null) {
        paths.add(stack.path());
      }
    }
    RunReport.FrameAccount frames =
        FrameAccounting.account(a.hostPorts, a.intoHosts, a.fabric, a.bonds, paths);
    return RunReports.report(
        scenario,
        a.mode,
        a.options,
        a.topology,
        a.loop,
        a.sender,
        a.receiver,
        a.fabric,
        result,
        a.remote,
        hosts,
        frames,
        RunReports.timeline(a.bonds, a.clients, a.remote, a.fabric, startNs),
        startNs);
  }

  private static void checkSettings(WorkloadProvider provider, Map<String, String> settings) {
    Map<String, OptionSpec> known = new LinkedHashMap<>();
    provider.settings().forEach(spec -> known.put(spec.name(), spec));
    for (Map.Entry<String, String> setting : settings.entrySet()) {
      OptionSpec spec = known.get(setting.getKey());
      if (spec == null) {
        throw new OptionException(
            setting.getKey(),
            setting.getValue(),
            "unknown setting '"
                + setting.getKey()
                + "' for "
                + provider.test()
                + "; allowed: "
                + (known.isEmpty() ? "none" : String.join(", ", known.keySet())));
      }
      spec.parse(setting.getValue());
    }
  }
}
