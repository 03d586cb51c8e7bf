package org.bondsim.core.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bondsim.api.KernelVersion;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;

/**
 * Builds a {@link Scenario} the way one describes a lab: the bond, its slaves' cabling, the run's
 * length and seed, what happens to the links, and the test. Start with {@link Scenario#builder()}.
 *
 * <p>Defaults, as {@code bondsim netperf} has them: MTU 1500, txqueuelen 1000, 10 s (netperf's
 * {@code -l}), seed 1, no link events, no receive-path model, no CPU costs, automatic cabling (back
 * to back, or through a switch for modes that need one). The bond, at least one slave and the
 * workload must be given; {@link #build()} checks every value and names the one it refuses.
 */
public final class ScenarioBuilder {
  private BondSpec bond;
  private final Map<String, String> moduleParameters = new LinkedHashMap<>();
  private final List<SlaveLinkSpec> slaves = new ArrayList<>();
  private int mtu = 1500;
  private int txqueuelen = Scenario.DEFAULT_TXQUEUELEN;
  private long durationNs = 10_000_000_000L;
  private long seed = 1;
  private final List<LinkEvent> events = new ArrayList<>();
  private WorkloadSpec workload;
  private HostSpec host = HostSpec.IDEAL;
  private Network network = Network.AUTO;

  ScenarioBuilder() {}

  /**
   * Sets the bond in {@code ip link add bond0 type bond} words.
   *
   * @param words for example {@code "mode balance-rr miimon 100"}
   * @return this builder
   */
  public ScenarioBuilder bond(String words) {
    Checks.notNull("bond", words);
    return bond(BondSpec.parse(words));
  }

  /**
   * Sets the bond.
   *
   * @param spec the parsed bond
   * @return this builder
   */
  public ScenarioBuilder bond(BondSpec spec) {
    this.bond = Checks.notNull("bond", spec);
    return this;
  }

  /**
   * Sets a bonding module parameter, as {@code modprobe bonding NAME=VALUE}.
   *
   * @param name the parameter
   * @param value its value
   * @return this builder
   */
  public ScenarioBuilder moduleParameter(String name, String value) {
    moduleParameters.put(Checks.notNull("module parameter name", name), value);
    return this;
  }

  /**
   * Sets several module parameters at once.
   *
   * @param parameters name to value
   * @return this builder
   */
  public ScenarioBuilder moduleParameters(Map<String, String> parameters) {
    moduleParameters.putAll(Checks.copyOf("moduleParameters", parameters));
    return this;
  }

  /**
   * Adds {@code count} slaves cabled alike.
   *
   * @param count how many
   * @param link each one's link
   * @return this builder
   */
  public ScenarioBuilder slaves(int count, SlaveLinkSpec link) {
    if (count < 1) {
      throw Checks.parameter("slaves", count, "slaves count must be at least 1, got " + count);
    }
    Checks.notNull("link", link);
    for (int i = 0; i < count; i++) {
      slaves.add(link);
    }
    return this;
  }

  /**
   * Adds slaves, one per link, in order (eth0 first).
   *
   * @param links the links
   * @return this builder
   */
  public ScenarioBuilder slaves(List<SlaveLinkSpec> links) {
    slaves.addAll(Checks.copyOf("slaves", links));
    return this;
  }

  /**
   * Adds one slave.
   *
   * @param link its link
   * @return this builder
   */
  public ScenarioBuilder slave(SlaveLinkSpec link) {
    slaves.add(Checks.notNull("link", link));
    return this;
  }

  /**
   * Sets the MTU of the bond and its slaves.
   *
   * @param bytes 68..65535
   * @return this builder
   */
  public ScenarioBuilder mtu(int bytes) {
    this.mtu = bytes;
    return this;
  }

  /**
   * Sets each slave's txqueuelen.
   *
   * @param packets 1..1000000
   * @return this builder
   */
  public ScenarioBuilder txqueuelen(int packets) {
    this.txqueuelen = packets;
    return this;
  }

  /**
   * Sets how long the test runs (netperf's {@code -l}).
   *
   * @param duration up to a day
   * @return this builder
   */
  public ScenarioBuilder duration(Duration duration) {
    this.durationNs = Checks.nanos("duration", Checks.notNull("duration", duration));
    return this;
  }

  /**
   * Sets the seed of every random choice in the run.
   *
   * @param value the seed
   * @return this builder
   */
  public ScenarioBuilder seed(long value) {
    this.seed = value;
    return this;
  }

  /**
   * Takes a slave's carrier down at a time from the test's start, as pulling its cable.
   *
   * @param slave for example {@code eth0}
   * @param at when
   * @return this builder
   */
  public ScenarioBuilder fail(String slave, Duration at) {
    events.add(new LinkEvent(slave, Checks.nanos("fail time", Checks.notNull("at", at)), false));
    return this;
  }

  /**
   * Restores a slave's carrier, as plugging its cable back.
   *
   * @param slave for example {@code eth0}
   * @param at when
   * @return this builder
   */
  public ScenarioBuilder recover(String slave, Duration at) {
    events.add(new LinkEvent(slave, Checks.nanos("recover time", Checks.notNull("at", at)), true));
    return this;
  }

  /**
   * Adds link events as they are (times from the test's start).
   *
   * @param linkEvents the events
   * @return this builder
   */
  public ScenarioBuilder events(List<LinkEvent> linkEvents) {
    events.addAll(Checks.copyOf("events", linkEvents));
    return this;
  }

  /**
   * Sets the test.
   *
   * @param spec for example {@code Netperf.tcpStream().message(16384)}
   * @return this builder
   */
  public ScenarioBuilder workload(WorkloadSpec spec) {
    this.workload = Checks.notNull("workload", spec);
    return this;
  }

  /**
   * Sets both hosts (kernel, receive path, CPUs, costs, sender offloads).
   *
   * @param spec the hosts
   * @return this builder
   */
  public ScenarioBuilder host(HostSpec spec) {
    this.host = Checks.notNull("host", spec);
    return this;
  }

  /**
   * Sets both hosts to a named profile ({@code bondsim host-profiles} lists them); the settings
   * below then change that profile.
   *
   * @param profile such as {@code reference-2.6.37}
   * @return this builder
   */
  public ScenarioBuilder host(String profile) {
    this.host = HostSpec.profile(Checks.notNull("host", profile));
    return this;
  }

  /**
   * Sets whose TCP and GRO behaviour the hosts follow.
   *
   * @param version the kernel
   * @return this builder
   */
  public ScenarioBuilder kernel(KernelVersion version) {
    this.host = host.withKernel(Checks.notNull("kernel", version));
    return this;
  }

  /**
   * Models each host's receive path (RX rings, coalescing, NAPI, GRO).
   *
   * @param settings the receive settings, or null for none
   * @return this builder
   */
  public ScenarioBuilder receive(ReceiveSettings settings) {
    this.host = host.withReceive(settings);
    return this;
  }

  /**
   * Charges CPU time per operation.
   *
   * @param cpuCosts the costs ({@link CpuCosts#NONE} for none)
   * @return this builder
   */
  public ScenarioBuilder costs(CpuCosts cpuCosts) {
    this.host = host.withCosts(Checks.notNull("costs", cpuCosts));
    return this;
  }

  /**
   * Sets the sender's TSO and GSO.
   *
   * @param offloads the offloads ({@link SenderOffloads#OFF}: both off)
   * @return this builder
   */
  public ScenarioBuilder offloads(SenderOffloads offloads) {
    this.host = host.withOffloads(Checks.notNull("offloads", offloads));
    return this;
  }

  /**
   * Sets the cabling between the hosts.
   *
   * @param cabling back to back, through a switch, with clients
   * @return this builder
   */
  public ScenarioBuilder network(Network cabling) {
    this.network = Checks.notNull("network", cabling);
    return this;
  }

  /**
   * Sets how long both bonds have been up when netperf starts ({@code --bond-age}): the phase of
   * their monitors at the test's start, such as balance-tlb's 10 s rebalance. It is part of the
   * {@link #network}, so a later {@code network(…)} replaces it.
   *
   * @param age 0 (the default: the bonds come up with netperf) to a day
   * @return this builder
   */
  public ScenarioBuilder bondAge(Duration age) {
    this.network = network.withBondAge(Checks.notNull("age", age).toNanos());
    return this;
  }

  /**
   * Checks everything and returns the scenario.
   *
   * @return the scenario
   */
  public Scenario build() {
    if (bond == null) {
      throw new IllegalStateException("bond must be given, for example bond(\"mode balance-rr\")");
    }
    if (slaves.isEmpty()) {
      throw new IllegalStateException(
          "slaves must be given, for example slaves(2, Link.gigabit())");
    }
    if (workload == null) {
      throw new IllegalStateException(
          "workload must be given, for example workload(Netperf.tcpStream())");
    }
    return new Scenario(
        bond,
        moduleParameters,
        slaves,
        mtu,
        txqueuelen,
        durationNs,
        seed,
        events,
        workload,
        host,
        network);
  }
}
