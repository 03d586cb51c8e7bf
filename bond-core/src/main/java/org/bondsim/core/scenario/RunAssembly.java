package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import org.bondsim.api.Bond;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.CoreNeed;
import org.bondsim.api.policy.ReceiveBalancer;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.host.SimHost;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.FrameReceiver;
import org.bondsim.core.wire.LearningSwitch;
import org.bondsim.core.wire.LinkSpec;
import org.bondsim.core.wire.Netem;
import org.bondsim.core.wire.Port;
import org.bondsim.core.wire.SlaveStats;

/**
 * One run's network and hosts, assembled by stage in the order the run's events and random streams
 * depend on: the bonds (the constructor), their cables and the switch ({@link #cableSlaves}), the
 * two hosts with their stacks and netem ({@link #assembleHosts}), the transmit policies ({@link
 * #attachPolicies}), the client hosts ({@link #addClients}), then the link monitors, LACP, the
 * ports' clocks and the shaped links ({@link #startMonitorsAndClocks}). {@link ScenarioRunner} runs
 * the test on what this builds. Moving a stage changes which random stream each part draws from
 * ({@link SeedStreams} refuses that) and the order same-time events run in.
 */
final class RunAssembly {
  final Scenario scenario;
  final BondFactory.ResolvedBond resolved;
  private final PluginSet<ReceiveOffloadProvider> offloads;
  final EventLoop loop = new EventLoop();
  final SeedStreams root;
  private final SeededRandom senderPolicyRandom;
  private final SeededRandom receiverPolicyRandom;
  // The main hosts' policies as their providers made them, for the earlier frames' count.
  private TxPolicy senderPolicy;
  private TxPolicy receiverPolicy;

  /**
   * Earlier frames are drawn uniformly below this, the least common multiple of 1 to 16, so that
   * balance-rr starts on each of up to 16 slaves equally often.
   */
  static final int EARLIER_FRAMES_BOUND = 720_720;

  private final SeededRandom senderMonitorRandom;
  private final SeededRandom receiverMonitorRandom;
  final SeededRandom workloadRandom;
  private final SeededRandom netemRandom;
  final String mode;
  final Options options;
  private final Set<Characteristic> characteristics;
  private final Set<CoreNeed> needs;
  final Network.Topology topology;
  final BondDevice sender;
  final BondDevice receiver;
  // Per slave: the cable whose carrier link events switch (the local host's, through a switch).
  final List<EthernetLink> links = new ArrayList<>();
  final List<Port> hostPorts = new ArrayList<>();
  final List<Port> intoHosts = new ArrayList<>();
  private final List<EthernetLink> receiverCables = new ArrayList<>();
  private final List<Shaping> shapings = new ArrayList<>();
  LearningSwitch fabric;
  SimHost local;
  SimHost remote;
  KernelVersion kernel;
  HostStack localStack;
  HostStack remoteStack;
  final List<BondDevice> bonds = new ArrayList<>();
  final List<HostStack> stacks = new ArrayList<>();
  // Every client host; the first is the local one, whose bond and cables the report shows.
  final List<SimHost> clients = new ArrayList<>();
  Aggregation aggregation;

  /** The loop, the random streams every run splits first, and the two hosts' bonds. */
  RunAssembly(
      Scenario scenario,
      BondFactory.ResolvedBond resolved,
      PluginSet<ReceiveOffloadProvider> offloads) {
    this.scenario = scenario;
    this.resolved = resolved;
    this.offloads = offloads;
    root = new SeedStreams(scenario.seed());
    senderPolicyRandom = root.split(SeedStreams.Stream.SENDER_POLICY);
    receiverPolicyRandom = root.split(SeedStreams.Stream.RECEIVER_POLICY);
    senderMonitorRandom = root.split(SeedStreams.Stream.SENDER_MONITOR);
    receiverMonitorRandom = root.split(SeedStreams.Stream.RECEIVER_MONITOR);
    workloadRandom = root.split(SeedStreams.Stream.WORKLOAD);
    netemRandom = root.split(SeedStreams.Stream.NETEM);
    mode = resolved.entry().provider().mode();
    options = resolved.options();
    characteristics = resolved.entry().provider().characteristics();
    needs = resolved.entry().provider().needs();
    topology = Cabling.topology(scenario, mode, needs);
    sender =
        new BondDevice(
            "bond0", mode, characteristics, needs, options, loop::now, ScenarioRunner.SENDER_MAC);
    receiver =
        new BondDevice(
            "bond0", mode, characteristics, needs, options, loop::now, ScenarioRunner.RECEIVER_MAC);
  }

  /** A cable per slave, back to back or each to a port of the learning switch. */
  void cableSlaves() {
    fabric =
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
        senderCable = switchCable(slaveSpec, senderStats);
        receiverCable = switchCable(slaveSpec, receiverStats);
      }
      shapings.add(slaveSpec.shaping());
      links.add(senderCable);
      receiverCables.add(receiverCable);
      Port receiverTx = fabric == null ? receiverCable.backward() : receiverCable.forward();
      enslave(sender, 1, i, senderCable, senderStats, senderCable.forward());
      enslave(receiver, 2, i, receiverCable, receiverStats, receiverTx);
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
  }

  /** The two hosts: addresses, stacks, CPUs, the address filters, and netem on every path. */
  void assembleHosts() {
    Network network = scenario.network();
    kernel = scenario.host().kernel();
    ReceiveOffloadProvider gro = HostStacks.offloadFor(scenario, offloads);
    int[] binding = HostStacks.cpuBinding(scenario);
    AssembledHost sending =
        assembleHost(
            "local",
            sender,
            ScenarioRunner.SENDER_MAC,
            network.localAddress(),
            false,
            binding[0],
            gro);
    AssembledHost receiving =
        assembleHost(
            "remote",
            receiver,
            ScenarioRunner.RECEIVER_MAC,
            network.remoteAddress(),
            true,
            binding[1],
            gro);
    local = sending.host();
    remote = receiving.host();
    localStack = sending.stack();
    remoteStack = receiving.stack();
    FrameReceiver intoReceiver = receiving.input();
    FrameReceiver intoSender = sending.input();
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
  }

  /**
   * Each bond's transmit policy, wrapped by {@code decorator}, and the hosts' neighbour entries.
   */
  void attachPolicies(BiFunction<Bond, TxPolicy, TxPolicy> decorator) {
    clients.add(local);
    senderPolicy = attachPolicy(sender, senderPolicyRandom, () -> remote.resolve(local), decorator);
    receiverPolicy =
        attachPolicy(
            receiver,
            receiverPolicyRandom,
            () -> clients.forEach(client -> client.resolve(remote)),
            decorator);
    // Each host learns the other's MAC before the test starts (ARP itself is not simulated).
    local.resolve(remote);
    remote.resolve(local);
  }

  /** Every client host after the first (a switched run with {@code --clients}). */
  void addClients() {
    for (int k = 1; k < scenario.network().clients(); k++) {
      clients.add(addClient(k));
    }
  }

  /** The link monitors, LACP, the ports' clocks and the shaped links, in that order. */
  void startMonitorsAndClocks() {
    HostStacks.startMonitor(
        loop, sender, options, senderMonitorRandom, local.address(), remote.address());
    HostStacks.startMonitor(
        loop, receiver, options, receiverMonitorRandom, remote.address(), local.address());
    // Split after everything older runs draw, so that those runs stay as they were.
    aggregation =
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
    // Drawn only for a lab's guest, so that every other run draws as before.
    GuestStalls stalls = scenario.network().guestStalls();
    if (stalls.active()) {
      loop.stallWith(stalls.schedule(root.split(SeedStreams.Stream.STALLS)));
    }
    // Also drawn only when asked for, after everything else.
    if (scenario.network().earlierTraffic()) {
      SeededRandom earlier = root.split(SeedStreams.Stream.EARLIER_TRAFFIC);
      senderPolicy.sentBefore(earlier.nextInt(EARLIER_FRAMES_BOUND));
      receiverPolicy.sentBefore(earlier.nextInt(EARLIER_FRAMES_BOUND));
    }
  }

  /**
   * Adds client host {@code k} (k ≥ 1) to a switched run: a bond of the run's mode over its own
   * cables to the switch, assembled as the two main hosts are ({@link #assembleHost}), and its own
   * neighbour entry for the server. Its randomness is split from the root after everything a
   * one-client run uses, so a one-client run is unchanged.
   */
  private SimHost addClient(int k) {
    MacAddress mac = new MacAddress(ScenarioRunner.SENDER_MAC.bits() + 0x100 + k);
    BondDevice bond =
        new BondDevice("bond0", mode, characteristics, needs, options, loop::now, mac);
    List<EthernetLink> cables = new ArrayList<>();
    for (int i = 0; i < scenario.slaves().size(); i++) {
      SlaveStats stats = new SlaveStats();
      EthernetLink cable = switchCable(scenario.slaves().get(i), stats);
      enslave(bond, 2 + k, i, cable, stats, cable.forward());
      cables.add(cable);
      hostPorts.add(cable.forward());
      intoHosts.add(cable.backward());
    }
    Ipv4Address address = new Ipv4Address(scenario.network().localAddress().bits() + 0x100 + k - 1);
    AssembledHost assembled =
        assembleHost(
            "client" + k,
            bond,
            mac,
            address,
            false,
            HostStacks.cpuBinding(scenario)[0],
            HostStacks.offloadFor(scenario, offloads));
    SimHost client = assembled.host();
    SeededRandom policyRandom = root.split(SeedStreams.Stream.CLIENT_POLICY);
    SeededRandom monitorRandom = root.split(SeedStreams.Stream.CLIENT_MONITOR);
    SeededRandom netemRandom = root.split(SeedStreams.Stream.CLIENT_NETEM);
    for (int i = 0; i < cables.size(); i++) {
      EthernetLink cable = cables.get(i);
      int port =
          fabric.addPort("client" + k + "/" + Scenario.slaveName(i), cable, cable.backward());
      cable.forward().connect(fabric, port);
      cable.backward().connect(assembled.input(), i);
      Netem netem = scenario.slaves().get(i).netem();
      if (netem.active()) {
        cable.backward().impair(netem, netemRandom.split());
      }
    }
    SimHost server = remote;
    attachPolicy(bond, policyRandom, () -> server.resolve(client), (b, policy) -> policy);
    client.resolve(server);
    server.resolve(client);
    HostStacks.startMonitor(loop, bond, options, monitorRandom, client.address(), server.address());
    return client;
  }

  /** One host as assembled: the host, its CPUs and receive path, and what its NICs deliver into. */
  private record AssembledHost(SimHost host, HostStack stack, FrameReceiver input) {}

  /**
   * Assembles one host on its bond, the same way for the sender, the receiver and every client: the
   * host and its address, its stack (CPUs, receive path, transmit stages), the application's CPU
   * binding, and its NICs' address filter. The receiving host ({@code measured}) also meters what
   * reaches its stack, which the report's reordering figures read.
   */
  private AssembledHost assembleHost(
      String name,
      BondDevice bond,
      MacAddress mac,
      Ipv4Address address,
      boolean measured,
      int cpu,
      ReceiveOffloadProvider offload) {
    SimHost host = new SimHost(name, bond, mac, address, ScenarioRunner.DENSITY_THRESHOLD);
    if (measured) {
      host.measureStackInput();
    }
    HostStack stack =
        HostStacks.hostStack(
            scenario, loop, bond, host, offload, kernel, measured ? host::observeArrival : null);
    HostStacks.bindApplication(scenario, loop, host, stack, cpu, kernel);
    bonds.add(bond);
    stacks.add(stack);
    return new AssembledHost(
        host, stack, HostStacks.addressFilter(bond, stack, measured ? host : null));
  }

  /** A host's slave {@code index}: its NIC on {@code cable}, sending into {@code txPort}. */
  private static void enslave(
      BondDevice bond, int host, int index, EthernetLink cable, SlaveStats stats, Port txPort) {
    SlaveDevice slave =
        new SlaveDevice(
            Scenario.slaveName(index), index, cable, stats, HostStacks.slaveMac(host, index));
    slave.attachTxPort(txPort);
    bond.enslave(slave);
  }

  /** A cable from a host's NIC to a port of the switch, whose egress buffer it models. */
  private EthernetLink switchCable(SlaveLinkSpec slaveSpec, SlaveStats stats) {
    return new EthernetLink(
        loop,
        LinkSpec.ethernet(slaveSpec.speedMbps(), slaveSpec.delayNs(), scenario.mtu()),
        scenario.txqueuelen(),
        scenario.network().switchBufferFrames(),
        stats,
        new SlaveStats());
  }

  /**
   * Gives a bond its transmit policy, wrapped by {@code decorator}; a policy that balances what the
   * bond receives (ALB) also sees its receive side.
   */
  private TxPolicy attachPolicy(
      BondDevice bond,
      SeededRandom random,
      Runnable resolveNeighbours,
      BiFunction<Bond, TxPolicy, TxPolicy> decorator) {
    TxPolicy policy =
        resolved
            .entry()
            .provider()
            .create(new SimPolicyContext(bond, loop, random, resolveNeighbours), options);
    bond.attachPolicy(decorator.apply(bond, policy));
    if (policy instanceof ReceiveBalancer balancer) {
      bond.attachReceiveBalancer(balancer);
    }
    return policy;
  }
}
