package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.bondsim.api.Bond;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.api.policy.ReceiveBalancer;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.workload.Workload;
import org.bondsim.api.workload.WorkloadProvider;
import org.bondsim.api.workload.WorkloadResult;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.capture.Captures;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.host.SimHost;
import org.bondsim.core.host.SimWorkloadContext;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.nic.ReceiveOffloads;
import org.bondsim.core.nic.ReceivePath;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.FrameReceiver;
import org.bondsim.core.wire.LearningSwitch;
import org.bondsim.core.wire.LinkSpec;
import org.bondsim.core.wire.Netem;
import org.bondsim.core.wire.Port;
import org.bondsim.core.wire.SlaveStats;

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
    ProgressListener progress = hooks.progress();
    Captures captures = hooks.captures();
    Checks.notNull("decorator", decorator);
    BondFactory.ResolvedBond resolved = resolve(scenario);
    Map<String, Integer> slaveIndex = new LinkedHashMap<>();
    for (int i = 0; i < scenario.slaves().size(); i++) {
      slaveIndex.put(Scenario.slaveName(i), i);
    }
    for (LinkEvent event : scenario.events()) {
      if (!slaveIndex.containsKey(event.slave())) {
        throw new IllegalArgumentException(
            "link event names slave '"
                + event.slave()
                + "'; allowed: "
                + String.join(", ", slaveIndex.keySet()));
      }
    }

    EventLoop loop = new EventLoop();
    SeedStreams root = new SeedStreams(scenario.seed());
    SeededRandom senderPolicyRandom = root.split(SeedStreams.Stream.SENDER_POLICY);
    SeededRandom receiverPolicyRandom = root.split(SeedStreams.Stream.RECEIVER_POLICY);
    SeededRandom senderMonitorRandom = root.split(SeedStreams.Stream.SENDER_MONITOR);
    SeededRandom receiverMonitorRandom = root.split(SeedStreams.Stream.RECEIVER_MONITOR);
    SeededRandom workloadRandom = root.split(SeedStreams.Stream.WORKLOAD);
    SeededRandom netemRandom = root.split(SeedStreams.Stream.NETEM);

    String mode = resolved.entry().provider().mode();
    Options options = resolved.options();
    var characteristics = resolved.entry().provider().characteristics();
    var needs = resolved.entry().provider().needs();
    Network.Topology topology = Cabling.topology(scenario, mode, needs);
    BondDevice sender =
        new BondDevice("bond0", mode, characteristics, needs, options, loop::now, SENDER_MAC);
    BondDevice receiver =
        new BondDevice("bond0", mode, characteristics, needs, options, loop::now, RECEIVER_MAC);

    // Per slave: the cable whose carrier link events switch (the local host's, through a switch).
    List<EthernetLink> links = new ArrayList<>();
    List<Port> hostPorts = new ArrayList<>();
    List<Port> intoHosts = new ArrayList<>();
    List<EthernetLink> receiverCables = new ArrayList<>();
    List<Shaping> shapings = new ArrayList<>();
    LearningSwitch fabric =
        topology == Network.Topology.SWITCH
            ? new LearningSwitch(loop::now, LearningSwitch.DEFAULT_AGING_NS)
            : null;
    for (int i = 0; i < scenario.slaves().size(); i++) {
      SlaveLinkSpec slaveSpec = scenario.slaves().get(i);
      LinkSpec linkSpec =
          LinkSpec.ethernet(slaveSpec.speedMbps(), slaveSpec.delayNs(), scenario.mtu());
      SlaveStats senderStats = new SlaveStats();
      SlaveStats receiverStats = new SlaveStats();
      EthernetLink senderCable;
      EthernetLink receiverCable;
      if (fabric == null) {
        senderCable =
            new EthernetLink(loop, linkSpec, scenario.txqueuelen(), senderStats, receiverStats);
        receiverCable = senderCable;
      } else {
        int buffer = scenario.network().switchBufferFrames();
        senderCable =
            new EthernetLink(
                loop, linkSpec, scenario.txqueuelen(), buffer, senderStats, new SlaveStats());
        receiverCable =
            new EthernetLink(
                loop, linkSpec, scenario.txqueuelen(), buffer, receiverStats, new SlaveStats());
      }
      shapings.add(slaveSpec.shaping());
      links.add(senderCable);
      receiverCables.add(receiverCable);
      SlaveDevice senderSlave =
          new SlaveDevice(
              Scenario.slaveName(i), i, senderCable, senderStats, HostStacks.slaveMac(1, i));
      senderSlave.attachTxPort(senderCable.forward());
      Port receiverTx = fabric == null ? receiverCable.backward() : receiverCable.forward();
      SlaveDevice receiverSlave =
          new SlaveDevice(
              Scenario.slaveName(i), i, receiverCable, receiverStats, HostStacks.slaveMac(2, i));
      receiverSlave.attachTxPort(receiverTx);
      sender.enslave(senderSlave);
      receiver.enslave(receiverSlave);
      hostPorts.add(senderCable.forward());
      hostPorts.add(receiverTx);
    }
    if (fabric != null) {
      for (int i = 0; i < links.size(); i++) {
        fabric.addPort("local/" + Scenario.slaveName(i), links.get(i), links.get(i).backward());
      }
      for (int i = 0; i < receiverCables.size(); i++) {
        EthernetLink cable = receiverCables.get(i);
        fabric.addPort("remote/" + Scenario.slaveName(i), cable, cable.backward());
      }
    }

    Network network = scenario.network();
    SimHost local =
        new SimHost("local", sender, SENDER_MAC, network.localAddress(), DENSITY_THRESHOLD);
    SimHost remote =
        new SimHost("remote", receiver, RECEIVER_MAC, network.remoteAddress(), DENSITY_THRESHOLD);
    remote.measureStackInput();
    KernelVersion kernel = scenario.host().kernel();
    ReceiveOffloadProvider gro = HostStacks.offloadFor(scenario, offloads);
    HostStack localStack = HostStacks.hostStack(scenario, loop, sender, local, gro, kernel, null);
    HostStack remoteStack =
        HostStacks.hostStack(scenario, loop, receiver, remote, gro, kernel, remote::observeArrival);
    int[] binding = HostStacks.cpuBinding(scenario);
    HostStacks.bindApplication(scenario, loop, local, localStack, binding[0], kernel);
    HostStacks.bindApplication(scenario, loop, remote, remoteStack, binding[1], kernel);
    FrameReceiver intoReceiver = HostStacks.addressFilter(receiver, remoteStack, remote);
    FrameReceiver intoSender = HostStacks.addressFilter(sender, localStack, null);
    List<BondDevice> bonds = new ArrayList<>(List.of(sender, receiver));
    List<HostStack> stacks = new ArrayList<>(List.of(localStack, remoteStack));
    for (int i = 0; i < links.size(); i++) {
      Port towardsSender = links.get(i).backward();
      Port towardsReceiver =
          fabric == null ? links.get(i).forward() : receiverCables.get(i).backward();
      towardsReceiver.connect(intoReceiver, i);
      towardsSender.connect(intoSender, i);
      intoHosts.add(towardsReceiver);
      intoHosts.add(towardsSender);
      if (fabric != null) {
        links.get(i).forward().connect(fabric, i);
        receiverCables.get(i).forward().connect(fabric, links.size() + i);
      }
    }

    for (int i = 0; i < links.size(); i++) {
      Netem netem = scenario.slaves().get(i).netem();
      if (netem.active()) {
        // Both directions of the slave's path: the ports that deliver to each host.
        intoHosts.get(2 * i).impair(netem, netemRandom.split());
        intoHosts.get(2 * i + 1).impair(netem, netemRandom.split());
      }
    }

    // Every client host; the first is the local one, whose bond and cables the report shows.
    List<SimHost> clients = new ArrayList<>();
    clients.add(local);
    TxPolicy senderPolicy =
        resolved
            .entry()
            .provider()
            .create(
                new SimPolicyContext(sender, loop, senderPolicyRandom, () -> remote.resolve(local)),
                options);
    TxPolicy receiverPolicy =
        resolved
            .entry()
            .provider()
            .create(
                new SimPolicyContext(
                    receiver,
                    loop,
                    receiverPolicyRandom,
                    () -> clients.forEach(client -> client.resolve(remote))),
                options);
    sender.attachPolicy(decorator.apply(sender, senderPolicy));
    receiver.attachPolicy(decorator.apply(receiver, receiverPolicy));
    if (senderPolicy instanceof ReceiveBalancer balancer) {
      sender.attachReceiveBalancer(balancer);
    }
    if (receiverPolicy instanceof ReceiveBalancer balancer) {
      receiver.attachReceiveBalancer(balancer);
    }
    // Each host learns the other's MAC before the test starts (ARP itself is not simulated).
    local.resolve(remote);
    remote.resolve(local);
    for (int k = 1; k < scenario.network().clients(); k++) {
      clients.add(
          addClient(
              k,
              new ClientSetup(
                  scenario, loop, fabric, resolved, remote, hostPorts, intoHosts, root, kernel,
                  bonds, stacks)));
    }

    HostStacks.startMonitor(
        loop, sender, options, senderMonitorRandom, local.address(), remote.address());
    HostStacks.startMonitor(
        loop, receiver, options, receiverMonitorRandom, remote.address(), local.address());
    // Split after everything older runs draw, so that those runs stay as they were.
    Aggregation aggregation =
        new Aggregation(
            loop,
            bonds,
            options,
            fabric,
            Cabling.portChannel(scenario, mode, needs, topology),
            root.split(SeedStreams.Stream.LACP));
    // Split last, so that every earlier stream draws as before this split existed.
    Cabling.setClocks(
        scenario.network(), hostPorts, intoHosts, root.split(SeedStreams.Stream.CLOCKS));
    SeededRandom shapingRandom = root.split(SeedStreams.Stream.SHAPING);
    for (int i = 0; i < links.size(); i++) {
      Cabling.shape(shapings.get(i), links.get(i), receiverCables.get(i), shapingRandom);
    }

    WorkloadSpec spec = scenario.workload();
    if (captures != null) {
      // Both hosts' TCP builds super-packets when the offloads are on (bondsim.gso below).
      boolean tso = scenario.host().offloads().tso();
      sender.tap(captures, "local", tso);
      receiver.tap(captures, "remote", tso);
    }
    aggregation.settle(loop);
    long startNs =
        PreTest.run(loop, topology == Network.Topology.SWITCH, clients, remote, spec.waitNs());
    // Staggered instances (TCP_RR): the last one starts (streams - 1) gaps after the first and
    // times a full window too; host figures cover the whole of it.
    long measuredNs = (spec.streams() - 1) * spec.staggerNs() + scenario.durationNs();
    long endNs = startNs + measuredNs;
    for (HostStack stack : stacks) {
      stack.cpus().forEach(cpu -> cpu.startWindow(startNs));
    }
    // Link events count from the start of the test, as a user times them against netperf.
    for (LinkEvent event : scenario.events()) {
      EthernetLink link = links.get(slaveIndex.get(event.slave()));
      loop.schedule(startNs + event.atNs(), (now, arg) -> Cabling.apply(link, event), 0);
    }

    WorkloadProvider provider =
        workloads
            .find(spec.test())
            .orElseThrow(
                () ->
                    workloads.conflict(spec.test()).isPresent()
                        ? new IllegalArgumentException(
                            "test: " + workloads.conflict(spec.test()).orElseThrow())
                        : new IllegalArgumentException(
                            "test must be one of "
                                + workloads.names()
                                + ", got '"
                                + StrictNumbers.echo(spec.test())
                                + "'"));
    Map<String, String> settings = new java.util.LinkedHashMap<>(spec.settings());
    settings.remove(WorkloadSpec.CPU_BINDING);
    checkSettings(provider, settings);
    // The host's kernel and offloads reach the test as the settings it reads.
    settings.put("bondsim.kernel", kernel.word());
    if (scenario.host().offloads().superPackets()) {
      settings.put("bondsim.gso", "1");
    }
    Workload workload =
        provider.create(
            new SimWorkloadContext(
                loop,
                clients,
                remote,
                startNs,
                scenario.durationNs(),
                spec.staggerNs(),
                spec.streams(),
                scenario.mtu(),
                workloadRandom,
                settings),
            spec.testOptions());
    workload.start();
    TimeSeries series = hooks.series();
    if (series == null && progress == null) {
      loop.runUntil(endNs);
    } else {
      SeriesSampler sampler =
          series == null
              ? null
              : new SeriesSampler(
                  series,
                  workload,
                  sender,
                  remote,
                  remoteStack.cpus(),
                  startNs,
                  scenario.costs().any());
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
    List<RunReport.HostReport> hosts = new ArrayList<>();
    WorkloadResult result = workload.finish();
    double elapsed = measuredNs / 1e9;
    double kilobytes = result.throughputMbps() * 1e6 / 8 * elapsed / 1024;
    boolean cpuModelled = scenario.costs().any();
    hosts.add(
        RunReports.host("local", local, localStack, endNs, measuredNs, kilobytes, cpuModelled));
    hosts.add(
        RunReports.host("remote", remote, remoteStack, endNs, measuredNs, kilobytes, cpuModelled));
    List<ReceivePath> paths = new ArrayList<>();
    for (HostStack stack : stacks) {
      if (stack.path() != null) {
        paths.add(stack.path());
      }
    }
    RunReport.FrameAccount frames =
        FrameAccounting.account(hostPorts, intoHosts, fabric, bonds, paths);
    return RunReports.report(
        scenario,
        mode,
        options,
        topology,
        loop,
        sender,
        receiver,
        fabric,
        result,
        remote,
        hosts,
        frames,
        RunReports.timeline(bonds, clients, remote, fabric, startNs),
        startNs);
  }

  /** What adding a client host needs from the run being built. */
  private record ClientSetup(
      Scenario scenario,
      EventLoop loop,
      LearningSwitch fabric,
      BondFactory.ResolvedBond resolved,
      SimHost server,
      List<Port> hostPorts,
      List<Port> intoHosts,
      SeedStreams root,
      KernelVersion kernel,
      List<BondDevice> bonds,
      List<HostStack> stacks) {}

  /**
   * Adds client host {@code k} (k ≥ 1) to a switched run: a bond of the run's mode over its own
   * cables to the switch, its own CPUs and receive path, and its own neighbour entry for the
   * server. Its randomness is split from the root after everything a one-client run uses, so a
   * one-client run is unchanged.
   */
  private SimHost addClient(int k, ClientSetup setup) {
    Scenario scenario = setup.scenario();
    EventLoop loop = setup.loop();
    String mode = setup.resolved().entry().provider().mode();
    Options options = setup.resolved().options();
    var characteristics = setup.resolved().entry().provider().characteristics();
    var needs = setup.resolved().entry().provider().needs();
    MacAddress mac = new MacAddress(SENDER_MAC.bits() + 0x100 + k);
    BondDevice bond =
        new BondDevice("bond0", mode, characteristics, needs, options, loop::now, mac);
    List<EthernetLink> cables = new ArrayList<>();
    for (int i = 0; i < scenario.slaves().size(); i++) {
      SlaveLinkSpec slaveSpec = scenario.slaves().get(i);
      SlaveStats stats = new SlaveStats();
      EthernetLink cable =
          new EthernetLink(
              loop,
              LinkSpec.ethernet(slaveSpec.speedMbps(), slaveSpec.delayNs(), scenario.mtu()),
              scenario.txqueuelen(),
              scenario.network().switchBufferFrames(),
              stats,
              new SlaveStats());
      SlaveDevice slave =
          new SlaveDevice(Scenario.slaveName(i), i, cable, stats, HostStacks.slaveMac(2 + k, i));
      slave.attachTxPort(cable.forward());
      bond.enslave(slave);
      cables.add(cable);
      setup.hostPorts().add(cable.forward());
      setup.intoHosts().add(cable.backward());
    }
    Ipv4Address address = new Ipv4Address(scenario.network().localAddress().bits() + 0x100 + k - 1);
    SimHost client = new SimHost("client" + k, bond, mac, address, DENSITY_THRESHOLD);
    HostStack stack =
        HostStacks.hostStack(
            scenario,
            loop,
            bond,
            client,
            HostStacks.offloadFor(scenario, offloads),
            setup.kernel(),
            null);
    HostStacks.bindApplication(
        scenario, loop, client, stack, HostStacks.cpuBinding(scenario)[0], setup.kernel());
    setup.bonds().add(bond);
    setup.stacks().add(stack);
    FrameReceiver filtered = HostStacks.addressFilter(bond, stack, null);
    SeededRandom policyRandom = setup.root().split(SeedStreams.Stream.CLIENT_POLICY);
    SeededRandom monitorRandom = setup.root().split(SeedStreams.Stream.CLIENT_MONITOR);
    SeededRandom netemRandom = setup.root().split(SeedStreams.Stream.CLIENT_NETEM);
    for (int i = 0; i < cables.size(); i++) {
      EthernetLink cable = cables.get(i);
      int port =
          setup
              .fabric()
              .addPort("client" + k + "/" + Scenario.slaveName(i), cable, cable.backward());
      cable.forward().connect(setup.fabric(), port);
      cable.backward().connect(filtered, i);
      Netem netem = scenario.slaves().get(i).netem();
      if (netem.active()) {
        cable.backward().impair(netem, netemRandom.split());
      }
    }
    SimHost server = setup.server();
    TxPolicy policy =
        setup
            .resolved()
            .entry()
            .provider()
            .create(
                new SimPolicyContext(bond, loop, policyRandom, () -> server.resolve(client)),
                options);
    bond.attachPolicy(policy);
    if (policy instanceof ReceiveBalancer balancer) {
      bond.attachReceiveBalancer(balancer);
    }
    client.resolve(server);
    server.resolve(client);
    HostStacks.startMonitor(loop, bond, options, monitorRandom, client.address(), server.address());
    return client;
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
