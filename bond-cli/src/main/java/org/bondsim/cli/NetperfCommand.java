package org.bondsim.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bondsim.core.net.Netem;
import org.bondsim.core.policy.PolicyRegistry;
import org.bondsim.core.rx.CpuCosts;
import org.bondsim.core.rx.ReceiveSettings;
import org.bondsim.core.scenario.BondSpec;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.Network;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.WorkloadSpec;
import org.bondsim.core.workload.WorkloadRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bondsim netperf}: runs a netperf test over a simulated bond. */
@Command(
    name = "netperf",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a netperf test from one simulated host to another over a bond of N slaves (same mode"
          + " and options on both). Slaves are cabled back to back (slave i to the peer's slave i),"
          + " or, for balance-tlb and balance-alb, each to a port of one learning switch"
          + " (--topology).",
      "Test-specific options follow '--', as with netperf: -m message size, -s local socket size,"
          + " -S remote socket size."
    })
final class NetperfCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "-t",
      defaultValue = "UDP_STREAM",
      description = "Test name (UDP_STREAM, TCP_STREAM, TCP_RR, …). Default: ${DEFAULT-VALUE}.")
  String test;

  @Option(
      names = "-l",
      defaultValue = "10",
      description = "Test length in seconds (> 0). Default: ${DEFAULT-VALUE}.")
  double lengthSeconds;

  @Option(
      names = "-H",
      description = "Accepted for pasted netperf commands and ignored: the peer is simulated.")
  String host;

  @Option(
      names = "-f",
      defaultValue = "m",
      description =
          "Throughput units: k, m, g for 10^3/10^6/10^9 bits/s; K, M, G for 2^10/2^20/2^30"
              + " bytes/s. Default: ${DEFAULT-VALUE}.")
  String units;

  @Option(
      names = "--bond",
      defaultValue = "mode balance-rr",
      description =
          "Bond settings as 'ip link add bond0 type bond' takes them, e.g. \"mode balance-rr"
              + " packets_per_slave 1 miimon 100\". Default: ${DEFAULT-VALUE}.")
  String bond;

  @Option(
      names = "--module-param",
      paramLabel = "NAME=VALUE",
      description =
          "A bonding module parameter (global default that --bond overrides), e.g. miimon=100."
              + " Repeatable.")
  Map<String, String> moduleParameters = new LinkedHashMap<>();

  @Option(
      names = "--slaves",
      defaultValue = "2x1000",
      description =
          "Slave speeds in Mbit/s: COUNTxSPEED (3x1000) or a comma list (1000,1000,100)."
              + " Default: ${DEFAULT-VALUE}.")
  String slaves;

  @Option(names = "--mtu", defaultValue = "1500", description = "MTU. Default: ${DEFAULT-VALUE}.")
  int mtu;

  @Option(
      names = "--delay-us",
      defaultValue = "20",
      description =
          "One-way delay per slave link in microseconds: one value, or one per slave (20,20,50)."
              + " Default: ${DEFAULT-VALUE}.")
  String delayMicros;

  @Option(
      names = "--txqueuelen",
      defaultValue = "1000",
      description = "Each slave's qdisc limit in frames. Default: ${DEFAULT-VALUE}.")
  int txqueuelen;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "Seed of every random choice. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--streams",
      defaultValue = "1",
      description = "Concurrent test instances, each on its own source port. Default: 1.")
  int streams;

  @Option(
      names = "--rate-mbps",
      defaultValue = "0",
      description = "Send at this payload rate per stream (Mbit/s); 0 = as fast as possible.")
  double rateMbps;

  @Option(
      names = "--send-cost-ns",
      defaultValue = "1000",
      description =
          "CPU time of one send() call on the sending host in ns (1..10^9). Default:"
              + " ${DEFAULT-VALUE}.")
  long sendCostNs;

  @Option(
      names = "--topology",
      defaultValue = "auto",
      paramLabel = "auto|back-to-back|switch",
      description =
          "How the slaves are cabled: auto (a switch for balance-tlb and balance-alb, back to back"
              + " otherwise), back-to-back, or switch (active-backup, balance-tlb, balance-alb:"
              + " the modes that need no switch configuration). Default: ${DEFAULT-VALUE}.")
  String topology;

  @Option(
      names = "--clients",
      defaultValue = "1",
      paramLabel = "N",
      description =
          "Client hosts, each with a bond like the first, running the streams in turn against the"
              + " one remote host through the switch (balance-tlb, balance-alb, active-backup)."
              + " The slave table shows the first client and the remote host. Default:"
              + " ${DEFAULT-VALUE}.")
  int clients;

  @Option(
      names = "--switch-buffer",
      defaultValue = "1000",
      paramLabel = "FRAMES",
      description = "Frames each switch port queues before dropping. Default: ${DEFAULT-VALUE}.")
  int switchBuffer;

  @Option(
      names = "--fail",
      paramLabel = "SLAVE@TIME",
      description =
          "Take a slave's link down, e.g. eth0@2s (through a switch: the sending host's cable)."
              + " Repeatable.")
  List<String> failures = new ArrayList<>();

  @Option(
      names = "--recover",
      paramLabel = "SLAVE@TIME",
      description = "Bring a slave's link back up, e.g. eth0@4s. Repeatable.")
  List<String> recoveries = new ArrayList<>();

  @Option(names = "--json", description = "Print one JSON object instead of tables.")
  boolean json;

  @Parameters(paramLabel = "TEST-OPTIONS", description = "Test-specific options after '--'.")
  List<String> testOptions = new ArrayList<>();

  @Option(
      names = "--netem",
      description =
          "Impair every slave's path as Linux's netem would, e.g. \"delay 100us 20us loss 0.1%%"
              + " duplicate 0.05%%\" (jitter reorders).")
  String netem;

  @Option(
      names = "--receiver",
      description =
          "Model both hosts' receive path with ethtool's words, e.g. \"gro on rx-usecs 50"
              + " rx-frames 0 rx-ring 256\" (NAPI weight 64, netdev_budget 300); \"irq-cpus 0,1,0\""
              + " pins slave i's interrupt to the i-th CPU listed (default all on CPU 0). Without"
              + " it the receiver is ideal: every frame reaches the bond the instant it arrives.")
  String receiver;

  @Option(
      names = "--cpus",
      description =
          "CPUs per host (default 1, or as many as --receiver irq-cpus names). CPU %% is averaged"
              + " over them as netperf does. Given without --receiver, it models the receive path"
              + " with its defaults.")
  Integer cpus;

  @Option(
      names = "--sender",
      description =
          "The sending host's offloads in ethtool's words: \"gso off tso off\" (default) or with"
              + " either on, TCP hands the bond super-packets of up to 64 KB that the slave cuts"
              + " into segments.")
  String sender;

  @Option(
      names = "--cpu-costs",
      description =
          "CPU time per operation on each host, e.g. \"frame 500 up 1000 byte 0.25 ack 600 sack"
              + " 100 tx 1500\" (ns; byte in ns per byte), each word replacing that figure of"
              + " --cost-profile. Default: none.")
  String cpuCosts;

  @Option(
      names = "--cost-profile",
      paramLabel = "NAME",
      description =
          "Named CPU costs: none (default), generic-2010 (uncalibrated 2010-era x86 figures) or"
              + " reference-2.6.37 (generic-2010 x 3.972, calibrated on one row of the reference"
              + " experiment; see README).")
  String costProfile;

  @Option(
      names = "--kernel",
      description =
          "Which kernel's TCP to follow: 6.x (default) or 2.6.37 (the reference experiments).")
  String kernel;

  @Option(
      names = "--sysctl",
      paramLabel = "NAME=VALUE",
      description = "A sysctl the test reads, e.g. net.ipv4.tcp_reordering=10. Repeatable.")
  Map<String, String> sysctls = new LinkedHashMap<>();

  @Override
  public Integer call() {
    if (!(lengthSeconds > 0) || lengthSeconds > 86_400) {
      throw new IllegalArgumentException(
          "-l must be > 0 and <= 86400 seconds, got " + lengthSeconds);
    }
    ThroughputUnits throughputUnits = ThroughputUnits.parse(units);
    if (rateMbps < 0) {
      throw new IllegalArgumentException("--rate-mbps must be >= 0, got " + rateMbps);
    }
    List<LinkEvent> events = new ArrayList<>();
    failures.forEach(f -> events.add(ArgumentParsers.linkEvent(f, false)));
    recoveries.forEach(r -> events.add(ArgumentParsers.linkEvent(r, true)));
    Map<String, String> settings = new LinkedHashMap<>(sysctls);
    if (kernel != null) {
      settings.put("bondsim.kernel", kernel);
    }
    if (sender != null && SenderOffloads.parse(sender)) {
      settings.put("bondsim.gso", "1");
    }
    if (rateMbps > 0) {
      settings.put("bondsim.rate_mbps", Long.toString(Math.round(rateMbps)));
    }
    if (sendCostNs != 1000) {
      settings.put("bondsim.send_cost_ns", Long.toString(sendCostNs));
    }
    Scenario scenario =
        new Scenario(
            BondSpec.parse(bond),
            moduleParameters,
            ArgumentParsers.slaves(
                ArgumentParsers.speeds(slaves),
                delayMicros,
                netem == null ? Netem.NONE : Netem.parse(netem)),
            mtu,
            txqueuelen,
            Math.round(lengthSeconds * 1e9),
            seed,
            events,
            new WorkloadSpec(test, testOptions, streams, settings),
            receiveSettings(),
            costs(),
            new Network(ArgumentParsers.topology(topology), switchBuffer, clients));
    RunReport report =
        new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load()).run(scenario);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(JsonReport.toJson(report));
    } else {
      TextReport.print(report, throughputUnits, out);
    }
    return 0;
  }

  private ReceiveSettings receiveSettings() {
    if (receiver == null && cpus == null) {
      return null;
    }
    ReceiveSettings settings =
        receiver == null ? ReceiveSettings.DEFAULTS : ReceiveSettings.parse(receiver);
    return cpus == null ? settings : settings.withCpus(cpus);
  }

  private CpuCosts costs() {
    CpuCosts base = costProfile == null ? CpuCosts.NONE : CpuCosts.profile(costProfile);
    return cpuCosts == null ? base : CpuCosts.parse(cpuCosts, base);
  }
}
