package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.DropReason;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.Options;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.core.bond.ArpMonitor;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.BondOptions;
import org.bondsim.core.bond.MiiMonitor;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.host.HostCpu;
import org.bondsim.core.host.ReaderSockets;
import org.bondsim.core.host.SimHost;
import org.bondsim.core.host.TransmitStage;
import org.bondsim.core.nic.ReceivePath;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.nic.SoftirqWindow;
import org.bondsim.core.wire.FrameReceiver;

/**
 * What each host of a run is built from besides its bond: its CPUs, receive path and transmit
 * stages, its NICs' address filters, its link monitor, and its slaves' addresses.
 */
final class HostStacks {
  private HostStacks() {}

  /**
   * Gives a host its CPUs, its receive path if the scenario has one, and its transmit stages (one
   * per CPU) if sending costs CPU time.
   */
  static HostStack hostStack(
      Scenario scenario,
      EventLoop loop,
      BondDevice bond,
      SimHost host,
      ReceiveOffloadProvider gro,
      KernelVersion kernel,
      ReceivePath.ArrivalObserver observer) {
    int cpuCount = scenario.receive() != null ? scenario.receive().cpus() : 1;
    List<HostCpu> cpus = new ArrayList<>();
    for (int i = 0; i < cpuCount; i++) {
      cpus.add(new HostCpu());
    }
    ReceivePath path =
        scenario.receive() == null
            ? null
            : new ReceivePath(
                loop,
                cpus,
                bond,
                scenario.receive(),
                scenario.costs(),
                gro,
                kernel,
                SoftirqWindow.of(kernel, hz(scenario), scenario.receive().netdevBudgetUsecs()),
                observer);
    CpuCosts costs = scenario.costs();
    SenderOffloads offloads = scenario.host().offloads();
    // With both off the bond has no GSO: a kernel whose TCP builds GSO packets anyway (4.17+) has
    // them cut at the bond; 2.6.37 builds none.
    bond.cutsSuperPackets(!offloads.superPackets() || offloads.bondCuts());
    if (costs.chargesTransmit()) {
      // Whether at the bond or at the slave, a super-packet no NIC cuts is cut in software.
      boolean softwareGso = !offloads.tso();
      List<TransmitStage> stages = new ArrayList<>();
      for (HostCpu cpu : cpus) {
        stages.add(new TransmitStage(loop, cpu, bond, costs, softwareGso));
      }
      host.chargeTransmit(stages);
    }
    if (path != null && costs.perSackSegmentNs() > 0) {
      long perSegment = costs.perSackSegmentNs();
      host.chargeScoreboardWork(segments -> path.chargeDeliveringCpu(segments * perSegment));
    }
    return new HostStack(cpus, path, path != null ? path : bond);
  }

  /** {@code CONFIG_HZ}: the sysctl {@code bondsim.hz} the run's TCP reads too, 1000 unless set. */
  static int hz(Scenario scenario) {
    String value = scenario.workload().settings().get("bondsim.hz");
    if (value == null) {
      return 1000;
    }
    return switch (value.trim()) {
      case "100", "250", "300", "1000" -> Integer.parseInt(value.trim());
      default ->
          throw new OptionException(
              "bondsim.hz",
              value,
              "bondsim.hz must be one of 100, 250, 300, 1000, got '"
                  + StrictNumbers.echo(value)
                  + "'");
    };
  }

  /**
   * Reads netperf's {@code -T lcpu,rcpu} from the workload ({@link WorkloadSpec#CPU_BINDING}).
   *
   * @return netperf's and netserver's CPUs, -1 where unbound
   */
  static int[] cpuBinding(Scenario scenario) {
    return cpuBinding(scenario.workload());
  }

  /**
   * Reads netperf's {@code -T lcpu,rcpu} from a workload.
   *
   * @return netperf's and netserver's CPUs, -1 where unbound
   */
  static int[] cpuBinding(WorkloadSpec workload) {
    String value = workload.settings().get(WorkloadSpec.CPU_BINDING);
    int[] cpus = {-1, -1};
    if (value == null) {
      return cpus;
    }
    String[] parts = value.split(",", -1);
    if (parts.length != 2) {
      throw new OptionException(
          WorkloadSpec.CPU_BINDING,
          value,
          "-T takes lcpu,rcpu (either may be empty), got '" + StrictNumbers.echo(value) + "'");
    }
    for (int i = 0; i < 2; i++) {
      String part = parts[i].trim();
      if (part.isEmpty()) {
        continue;
      }
      if (!StrictNumbers.isAsciiDigits(part, false) || part.length() > 4) {
        throw new OptionException(
            WorkloadSpec.CPU_BINDING,
            value,
            "-T takes CPU numbers from 0, got '" + StrictNumbers.echo(part) + "'");
      }
      cpus[i] = Integer.parseInt(part);
    }
    return cpus;
  }

  /**
   * Binds a host's application to a CPU (netperf's {@code -T}): what it sends is charged there and,
   * when the host charges receive work, the TCP segments it reads pass the socket lock.
   */
  static void bindApplication(
      Scenario scenario,
      EventLoop loop,
      SimHost host,
      HostStack stack,
      int cpu,
      KernelVersion kernel) {
    if (cpu < 0) {
      return;
    }
    ReaderSockets readers = null;
    if (stack.path() != null) {
      readers =
          new ReaderSockets(
              loop,
              stack.cpus(),
              cpu,
              scenario.costs(),
              // The prequeue: 2.6.37 and 3.16 have it (removed in 4.14).
              kernel == KernelVersion.LINUX_2_6_37 || kernel == KernelVersion.LINUX_3_16,
              stack.path()::deliveringCpu,
              host);
      stack.path().readerBound();
    }
    host.bindApplication(cpu, readers);
  }

  /** Slave i of host h: 02:00:00:0h:00:(i+1), distinct from both bonds' own addresses. */
  static MacAddress slaveMac(int host, int index) {
    return new MacAddress(0x0200_0000_0000L | ((long) host << 16) | (index + 1));
  }

  /**
   * A host's NICs: each passes only frames its address filter accepts, and the receiving host's
   * frames are then measured for reordering.
   */
  static FrameReceiver addressFilter(BondDevice bond, HostStack stack, SimHost meter) {
    FrameReceiver next = stack.into();
    // With a receive path, frames are metered as its rings take them; an ideal receiver's go
    // straight to the bond, so they are metered here. Either way a frame the NIC or the bond
    // drops is not an arrival.
    SimHost idealMeter = stack.path() == null ? meter : null;
    return (slave, packet) -> {
      SlaveDevice nic = bond.slaveDevices().get(slave);
      if (!nic.accepts(packet.linkDestination())) {
        nic.stats().countDrop(DropReason.ADDRESS_FILTER);
        return;
      }
      if (idealMeter != null && bond.wouldDeliver(slave, packet)) {
        idealMeter.observeArrival(packet);
      }
      next.receive(slave, packet);
    };
  }

  /**
   * The offload a scenario's receive path runs: the one its settings name, when GRO is on.
   *
   * @param scenario the scenario
   * @param offloads the offloads found
   * @return the provider, or null when the scenario has no receive path or GRO is off
   * @throws IllegalArgumentException naming the offload when GRO is on and none of that name is on
   *     the class path
   */
  static ReceiveOffloadProvider offloadFor(
      Scenario scenario, PluginSet<ReceiveOffloadProvider> offloads) {
    ReceiveSettings receive = scenario.receive();
    if (receive == null || !receive.gro()) {
      return null;
    }
    String name = receive.offload();
    return offloads
        .find(name)
        .orElseThrow(
            () ->
                new OptionException(
                    "receiver",
                    name,
                    offloads
                        .conflict(name)
                        .orElse(
                            "receiver offload '"
                                + name
                                + "' is not on the class path ("
                                + (offloads.names().isEmpty()
                                    ? "no receive offload is"
                                    : "found: " + offloads.names())
                                + (name.equals(ReceiveSettings.DEFAULT_OFFLOAD)
                                    ? "; Linux's GRO is bondsim's gro module: add its jar"
                                    : "")
                                + "), and GRO is on; turn it off with gro off")));
  }

  /**
   * The addresses a host's ARP monitor asks for: {@code arp_ip_target}, with a target equal to the
   * host's own address standing for the other host.
   *
   * @param options the bond's options
   * @param ours the host's address
   * @param peer the other host's address
   * @return the targets, in order; empty when the mode has no ARP monitor
   */
  static List<Ipv4Address> arpTargets(Options options, Ipv4Address ours, Ipv4Address peer) {
    List<Ipv4Address> targets = new ArrayList<>();
    if (!options.has(BondOptions.ARP_IP_TARGET)) {
      return targets;
    }
    for (Ipv4Address target :
        ArpMonitorSettings.targets(options.getString(BondOptions.ARP_IP_TARGET))) {
      targets.add(target.equals(ours) ? peer : target);
    }
    return targets;
  }

  /**
   * Starts the bond's link monitor: the ARP monitor when {@code arp_interval} is set, else the MII
   * monitor when {@code miimon} is. Both hosts of a run share the bond options, so a target equal
   * to this host's own address stands for the other host: {@code arp_ip_target 10.0.0.2} has the
   * sender ask for the receiver and the receiver for the sender.
   */
  static void startMonitor(
      EventLoop loop,
      BondDevice bond,
      Options options,
      SeededRandom random,
      Ipv4Address ours,
      Ipv4Address peer) {
    long arpInterval =
        options.has(BondOptions.ARP_INTERVAL) ? options.getLong(BondOptions.ARP_INTERVAL) : 0;
    long miimon = options.getLong(BondOptions.MIIMON);
    // The bond came up at some unknown phase of its monitor interval: drawn in either case, so
    // that what is drawn after it does not depend on the monitor.
    double phase = random.nextDouble();
    if (arpInterval > 0) {
      List<Ipv4Address> targets = arpTargets(options, ours, peer);
      ArpMonitor monitor =
          new ArpMonitor(
              loop,
              bond,
              arpInterval,
              targets,
              ArpMonitor.VALIDATE_NAMES.indexOf(options.getString(BondOptions.ARP_VALIDATE)),
              options.getString(BondOptions.ARP_ALL_TARGETS).equals("all"),
              (int) options.getLong(BondOptions.ARP_MISSED_MAX),
              ours);
      monitor.start(loop.now() + (long) (phase * arpInterval * 1_000_000L));
    } else if (miimon > 0) {
      MiiMonitor monitor =
          new MiiMonitor(
              loop,
              bond,
              miimon,
              options.getLong(BondOptions.UPDELAY),
              options.getLong(BondOptions.DOWNDELAY));
      monitor.start((long) (phase * monitor.intervalNs()));
    }
  }
}
