package org.bondsim.core.scenario;

import java.util.List;
import java.util.Map;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;

/**
 * Everything one run needs: two hosts with one link per slave, cabled back to back or through a
 * switch, each with a bond of the same mode and options, a workload from the first host to the
 * second, link events and a seed.
 *
 * @param bond the bond's mode and per-bond settings (both hosts use the same)
 * @param moduleParameters global defaults, as {@code modprobe bonding name=value}
 * @param slaves one entry per slave link, in enslave order
 * @param mtu the MTU of the bond and its slaves
 * @param txqueuelen each slave's qdisc limit in frames
 * @param durationNs the test length
 * @param seed the seed of every random choice in the run
 * @param events carrier changes to inject
 * @param workload the netperf test to run
 * @param host both hosts: kernel, receive path, CPUs, CPU costs, sender offloads ({@link
 *     HostSpec#IDEAL} unless a profile or settings are given)
 * @param network how the slaves are cabled
 */
public record Scenario(
    BondSpec bond,
    Map<String, String> moduleParameters,
    List<SlaveLinkSpec> slaves,
    int mtu,
    int txqueuelen,
    long durationNs,
    long seed,
    List<LinkEvent> events,
    WorkloadSpec workload,
    HostSpec host,
    Network network) {
  /**
   * Starts a scenario described as a lab: {@code Scenario.builder().bond("mode
   * balance-rr").slaves(3, Link.gigabit()).workload(Netperf.tcpStream()).build()}.
   *
   * @return a builder with {@code bondsim netperf}'s defaults
   */
  public static ScenarioBuilder builder() {
    return new ScenarioBuilder();
  }

  /** Linux's default txqueuelen for Ethernet devices. */
  public static final int DEFAULT_TXQUEUELEN = 1000;

  /**
   * Checks the fields and freezes the collections.
   *
   * @param bond bond
   * @param moduleParameters module parameters
   * @param slaves slaves
   * @param mtu MTU
   * @param txqueuelen txqueuelen
   * @param durationNs duration
   * @param seed seed
   * @param events events
   * @param workload workload
   * @param host the hosts
   * @param network cabling
   */
  public Scenario {
    Checks.notNull("bond", bond);
    moduleParameters = Checks.copyOf("moduleParameters", moduleParameters);
    slaves = Checks.copyOf("slaves", slaves);
    events = Checks.copyOf("events", events);
    Checks.notNull("workload", workload);
    if (slaves.isEmpty() || slaves.size() > 64) {
      throw Checks.parameter(
          "slaves", slaves.size(), "slaves must name 1..64 slaves, got " + slaves.size());
    }
    if (mtu < 68 || mtu > 65535) {
      throw Checks.parameter("mtu", mtu, "mtu must be 68..65535, got " + mtu);
    }
    if (txqueuelen < 1 || txqueuelen > 1_000_000) {
      throw Checks.parameter(
          "txqueuelen", txqueuelen, "txqueuelen must be 1..1000000, got " + txqueuelen);
    }
    if (durationNs <= 0 || durationNs > 86_400_000_000_000L) {
      throw Checks.parameter(
          "durationNs",
          durationNs,
          "durationNs must be 1..86400000000000 ns (1 day), got " + durationNs);
    }
    Checks.notNull("host", host);
    checkEvents(events, slaves.size(), durationNs);
    for (String hostSetting : HOST_SETTINGS) {
      if (workload.settings().containsKey(hostSetting)) {
        throw new IllegalArgumentException(
            "workload setting "
                + hostSetting
                + " belongs to the host: give it as HostSpec's "
                + (hostSetting.equals("bondsim.kernel") ? "kernel" : "sender offloads")
                + " (builder kernel(...) or offloads(...))");
      }
    }
    if (network == null) {
      throw new NullPointerException("network must be given (Network.AUTO for the default)");
    }
    checkCpuBinding(HostStacks.cpuBinding(workload), host);
  }

  /**
   * Each event names a slave the bond has and falls inside the test, and a recovery (the carrier
   * back up) follows a failure of the same slave: the same rules as the command line's {@code
   * --fail} and {@code --recover}, so a run never ignores an event it was given.
   */
  private static void checkEvents(List<LinkEvent> events, int slaveCount, long durationNs) {
    for (LinkEvent event : events) {
      int index = slaveIndex(event.slave());
      if (index < 0 || index >= slaveCount) {
        throw new IllegalArgumentException(
            "events: link event for slave '"
                + event.slave()
                + "'; allowed: eth0.."
                + slaveName(slaveCount - 1));
      }
      if (event.atNs() < 0 || event.atNs() >= durationNs) {
        throw new IllegalArgumentException(
            "events: link event "
                + event.slave()
                + " at "
                + event.atNs()
                + " ns falls outside the test; allowed: 0.."
                + (durationNs - 1)
                + " ns");
      }
      if (event.up()
          && event.fault() == LinkEvent.Fault.CARRIER
          && events.stream()
              .noneMatch(
                  e -> !e.up() && e.slave().equals(event.slave()) && e.atNs() < event.atNs())) {
        throw new IllegalArgumentException(
            "events: a recovery of "
                + event.slave()
                + " at "
                + event.atNs()
                + " ns comes before any failure of it; a slave is up until it fails");
      }
    }
  }

  private static int slaveIndex(String name) {
    if (name == null || !name.matches("eth[0-9]{1,2}")) {
      return -1;
    }
    return Integer.parseInt(name.substring(3));
  }

  /** netperf -T: a binding needs hosts that model CPU time, and CPUs they have. */
  private static void checkCpuBinding(int[] binding, HostSpec host) {
    for (int cpu : binding) {
      if (cpu < 0) {
        continue;
      }
      if (!host.costs().any()) {
        throw new org.bondsim.api.option.OptionException(
            WorkloadSpec.CPU_BINDING,
            Integer.toString(cpu),
            "-T binds netperf and netserver to CPUs, but this run models no CPU time; give"
                + " --host-profile, --cost-profile or --cpu-costs");
      }
      if (cpu >= host.cpus()) {
        throw new org.bondsim.api.option.OptionException(
            WorkloadSpec.CPU_BINDING,
            Integer.toString(cpu),
            "-T names CPU "
                + cpu
                + " but each host has "
                + host.cpus()
                + (host.cpus() == 1 ? " CPU (0)" : " CPUs (0.." + (host.cpus() - 1) + ")"));
      }
    }
  }

  /**
   * The settings a workload reads that describe the host, not the test: the runner passes them from
   * {@link #host()}.
   */
  static final java.util.List<String> HOST_SETTINGS = List.of("bondsim.kernel", "bondsim.gso");

  /**
   * Returns the hosts' receive path, or null for an ideal receiver.
   *
   * @return {@code host().receive()}
   */
  public ReceiveSettings receive() {
    return host.receive();
  }

  /**
   * Returns the hosts' CPU costs.
   *
   * @return {@code host().costs()}
   */
  public CpuCosts costs() {
    return host.costs();
  }

  /**
   * Returns the name of slave {@code index}, as the run names its interfaces.
   *
   * @param index position in the slave list
   * @return {@code eth0}, {@code eth1}, …
   */
  public static String slaveName(int index) {
    return "eth" + index;
  }
}
