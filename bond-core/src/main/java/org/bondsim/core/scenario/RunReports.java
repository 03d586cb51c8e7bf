package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bondsim.api.DropReason;
import org.bondsim.api.LinkState;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.CoreNeed;
import org.bondsim.api.workload.WorkloadResult;
import org.bondsim.core.bond.ActiveSlaveChange;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.host.HostCpu;
import org.bondsim.core.host.ReaderSockets;
import org.bondsim.core.host.SimHost;
import org.bondsim.core.lacp.Aggregator;
import org.bondsim.core.lacp.LacpPort;
import org.bondsim.core.lacp.LacpSystem;
import org.bondsim.core.metrics.TimelineEvent;
import org.bondsim.core.nic.ReceivePath;
import org.bondsim.core.wire.LearningSwitch;
import org.bondsim.core.wire.SlaveStats;

/** Turns a finished run's devices and counters into its {@link RunReport}. */
final class RunReports {
  private RunReports() {}

  static RunReport.HostReport host(
      String name,
      SimHost host,
      HostStack stack,
      long endNs,
      long durationNs,
      double kilobytes,
      boolean cpuModelled) {
    List<HostCpu> cpus = stack.cpus();
    ReceivePath path = stack.path();
    // As netperf: utilisation averaged over all CPUs, service demand from the CPU time of all,
    // both over the measured interval only.
    long busy = 0;
    List<Double> each = new ArrayList<>();
    for (HostCpu cpu : cpus) {
      long own = cpu.busyInWindow(endNs);
      busy += own;
      if (cpuModelled) {
        each.add(100.0 * own / durationNs);
      }
    }
    double utilization = cpuModelled ? 100.0 * busy / durationNs / cpus.size() : 0;
    // No payload moved: service demand has no value (NaN, printed as unknown), not 0.
    double serviceDemand =
        !cpuModelled ? 0 : kilobytes > 0 ? busy / 1000.0 / kilobytes : Double.NaN;
    return new RunReport.HostReport(
        name,
        cpuModelled,
        utilization,
        serviceDemand,
        cpuModelled ? busy : 0,
        path == null ? 0 : path.polls(),
        path == null ? 0 : path.framesPolled(),
        path == null ? 0 : path.packetsUp(),
        each,
        reader(host));
  }

  private static RunReport.ReaderReport reader(SimHost host) {
    ReaderSockets readers = host.readers();
    return readers == null
        ? null
        : new RunReport.ReaderReport(
            readers.appCpu(),
            readers.wakeups(),
            readers.prequeued(),
            readers.backlogged(),
            readers.inSoftirq());
  }

  static RunReport report(
      Scenario scenario,
      String mode,
      Options options,
      Network.Topology topology,
      EventLoop loop,
      BondDevice sender,
      BondDevice receiver,
      LearningSwitch fabric,
      WorkloadResult result,
      SimHost remote,
      List<RunReport.HostReport> hosts,
      RunReport.FrameAccount frames,
      List<RunReport.BondEventReport> timeline,
      long startNs) {
    double elapsed = scenario.durationNs() / 1e9;
    return RunReport.builder()
        .mode(mode)
        .bondOptions(options.asText())
        .seed(scenario.seed())
        .elapsedSeconds(elapsed)
        .streams(scenario.workload().streams())
        .result(result)
        .slaves(slaves(scenario, sender, receiver, fabric))
        .reordering(remote.reordering())
        .reorderingAtTcp(remote.stackReordering())
        .frames(frames)
        .activeChanges(activeChanges(sender, startNs))
        .hosts(hosts)
        .flowMoves(flowMoves(sender, receiver, startNs))
        .eventsDispatched(loop.dispatched())
        .topology(topology.cliName())
        .switchReport(switchReport(fabric, sender, receiver))
        .clients(scenario.network().clients())
        .spraysPackets(sender.characteristics().contains(Characteristic.SPRAYS_PACKETS))
        .bonds(
            List.of(bondState("local", sender, scenario), bondState("remote", receiver, scenario)))
        .bondEvents(timeline)
        .build();
  }

  /** Each slave's row: both hosts' counters of that slave, and its drops by reason. */
  private static List<RunReport.SlaveReport> slaves(
      Scenario scenario, BondDevice sender, BondDevice receiver, LearningSwitch fabric) {
    List<RunReport.SlaveReport> slaves = new ArrayList<>();
    for (int i = 0; i < sender.slaveCount(); i++) {
      SlaveDevice tx = sender.slaveDevices().get(i);
      SlaveDevice rx = receiver.slaveDevices().get(i);
      Map<String, Long> drops = new LinkedHashMap<>();
      for (DropReason reason : DropReason.values()) {
        long count = tx.stats().drops(reason) + rx.stats().drops(reason);
        if (fabric != null && reason != DropReason.TX_QUEUE_FULL) {
          // Through a switch, the frames a slave's cable loses towards its host (a black hole on
          // the receive side, a carrier that is down) are counted at the switch's end of that
          // cable; they are the slave's. The switch's own tail drops stay in its table.
          count += switchSideDrops(fabric, "local/" + tx.name(), reason);
          count += switchSideDrops(fabric, "remote/" + rx.name(), reason);
        }
        if (count > 0) {
          drops.put(reason.counterName(), count);
        }
      }
      SlaveLinkSpec spec = scenario.slaves().get(i);
      slaves.add(
          new RunReport.SlaveReport(
              tx.name(),
              spec.speedMbps(),
              spec.delayNs(),
              tx.stats().txPackets(),
              tx.stats().txBytes(),
              tx.stats().flowsSent(),
              rx.stats().rxPackets(),
              rx.stats().rxBytes(),
              drops,
              tx.linkFailures(),
              tx.linkState().name().toLowerCase(Locale.ROOT)));
    }
    return slaves;
  }

  /** The switch's table, or null without a switch. */
  private static RunReport.SwitchReport switchReport(
      LearningSwitch fabric, BondDevice sender, BondDevice receiver) {
    RunReport.SwitchReport switchReport = null;
    if (fabric != null) {
      List<RunReport.SwitchPortReport> switchPorts = new ArrayList<>();
      for (int p = 0; p < fabric.portCount(); p++) {
        SlaveStats stats = fabric.portStats(p);
        switchPorts.add(
            new RunReport.SwitchPortReport(
                fabric.portName(p),
                fabric.egress(p).delivered(),
                stats.drops(DropReason.TX_QUEUE_FULL)));
      }
      switchReport =
          new RunReport.SwitchReport(
              fabric.forwarded(),
              fabric.flooded(),
              fabric.filtered(),
              fabric.macMoves(),
              sender.learningPackets() + receiver.learningPackets(),
              switchPorts);
    }
    return switchReport;
  }

  /** The sending bond's active-slave changes, timed from the test's start. */
  private static List<RunReport.ActiveChange> activeChanges(BondDevice sender, long startNs) {
    List<RunReport.ActiveChange> changes = new ArrayList<>();
    // Every bond keeps a current active slave, but it only matters to the modes that use one.
    List<ActiveSlaveChange> history =
        sender.needs().contains(CoreNeed.USES_ACTIVE_SLAVE)
            ? sender.history().activeChanges()
            : List.of();
    for (ActiveSlaveChange change : history) {
      changes.add(
          new RunReport.ActiveChange(
              (change.atNs() - startNs) / 1e9, change.slave() == null ? "none" : change.slave()));
    }
    return changes;
  }

  /**
   * Every bond's timeline and the switch's, merged in time order, times from the test's start.
   *
   * @param bonds the bonds: the local host's, the remote one's, then the clients'
   * @param clients the client hosts (the first is the local one)
   * @param server the remote host
   * @param fabric the switch, or null
   * @param startNs the test's start
   * @return the timeline
   */
  static List<RunReport.BondEventReport> timeline(
      List<BondDevice> bonds,
      List<SimHost> clients,
      SimHost server,
      LearningSwitch fabric,
      long startNs) {
    List<RunReport.BondEventReport> events = new ArrayList<>();
    List<TimelineEvent> all = new ArrayList<>();
    List<String> hosts = new ArrayList<>();
    for (int b = 0; b < bonds.size(); b++) {
      String host = b == 0 ? "local" : b == 1 ? "remote" : clients.get(b - 1).name();
      for (TimelineEvent event : bonds.get(b).history().events()) {
        all.add(event);
        hosts.add(host);
      }
    }
    if (fabric != null) {
      for (TimelineEvent event : fabric.events()) {
        all.add(event);
        hosts.add("switch");
      }
    }
    Integer[] order = new Integer[all.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    // Stable: events at the same instant keep the bonds' order, then the switch's.
    java.util.Arrays.sort(order, java.util.Comparator.comparingLong(i -> all.get(i).atNs()));
    for (int i : order) {
      TimelineEvent event = all.get(i);
      events.add(
          new RunReport.BondEventReport(
              (event.atNs() - startNs) / 1e9, hosts.get(i), event.slave(), event.event()));
    }
    return events;
  }

  private static RunReport.BondState bondState(String host, BondDevice bond, Scenario scenario) {
    List<RunReport.BondSlaveState> slaves = new ArrayList<>();
    boolean carrier = false;
    for (SlaveDevice slave : bond.slaveDevices()) {
      carrier |= slave.linkState() == LinkState.UP;
      slaves.add(
          new RunReport.BondSlaveState(
              slave.name(),
              slave.linkState(),
              scenario.slaves().get(slave.index()).speedMbps(),
              slave.linkFailures(),
              slave.permanentMac().toString()));
    }
    int active = bond.activeSlave();
    if (bond.lacp() != null) {
      carrier = bond.lacp().system().carrier();
    }
    return new RunReport.BondState(
        host,
        carrier,
        active < 0 ? null : bond.slaveDevices().get(active).name(),
        slaves,
        adState(bond),
        arpTargets(host, bond, scenario));
  }

  private static List<String> arpTargets(String host, BondDevice bond, Scenario scenario) {
    var local = scenario.network().localAddress();
    var remote = scenario.network().remoteAddress();
    boolean isLocal = host.equals("local");
    List<String> targets = new ArrayList<>();
    for (var target :
        HostStacks.arpTargets(bond.options(), isLocal ? local : remote, isLocal ? remote : local)) {
      targets.add(target.toString());
    }
    return targets;
  }

  private static RunReport.AdState adState(BondDevice bond) {
    if (bond.lacp() == null) {
      return null;
    }
    LacpSystem system = bond.lacp().system();
    Aggregator active = system.activeAggregator();
    RunReport.AdAggregator aggregator =
        active == null
            ? null
            : new RunReport.AdAggregator(
                active.id(),
                (int) active.ports().stream().filter(LacpPort::enabled).count(),
                active.actorKey(),
                active.partnerKey(),
                new MacAddress(active.partnerSystem()).toString());
    List<RunReport.AdPort> ports = new ArrayList<>();
    for (LacpPort port : system.ports()) {
      ports.add(
          new RunReport.AdPort(
              port.aggregator() == null ? 0 : port.aggregator().id(),
              port.actorInfo(),
              port.partnerInfo()));
    }
    return new RunReport.AdState(
        system.systemPriority(), new MacAddress(system.systemMac()).toString(), aggregator, ports);
  }

  private static List<RunReport.FlowMoveGroup> flowMoves(
      BondDevice sender, BondDevice receiver, long startNs) {
    List<RunReport.FlowMoveGroup> groups = new ArrayList<>();
    for (long[] group : sender.flowMoves().groups()) {
      groups.add(new RunReport.FlowMoveGroup("local", (group[0] - startNs) / 1e9, group[1]));
    }
    for (long[] group : receiver.flowMoves().groups()) {
      groups.add(new RunReport.FlowMoveGroup("remote", (group[0] - startNs) / 1e9, group[1]));
    }
    return groups;
  }

  private static long switchSideDrops(LearningSwitch fabric, String port, DropReason reason) {
    for (int p = 0; p < fabric.portCount(); p++) {
      if (fabric.portName(p).equals(port)) {
        return fabric.portStats(p).drops(reason);
      }
    }
    return 0;
  }
}
