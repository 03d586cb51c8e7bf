package org.bondsim.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.api.workload.WorkloadProvider;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.EthtoolOffloads;
import org.bondsim.core.scenario.HostSpec;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.Network;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SenderOffloads;
import org.bondsim.core.scenario.WorkloadSpec;
import org.bondsim.core.wire.Netem;
import org.bondsim.netperf.GlobalOptions;
import org.bondsim.tcp.TcpMetrics;
import org.bondsim.tcp.TcpSettings;

/**
 * Turns a {@code bondsim netperf} command line into a {@link Scenario} and the way to print it,
 * checking every value where the user typed it so that a message names the option, not an internal
 * field.
 *
 * @param scenario what to run
 * @param format how to print it
 * @param warnings what the line's ethtool commands printed on the way ({@link EthtoolOffloads})
 */
record NetperfRun(Scenario scenario, ReportFormat format, List<String> warnings) {
  /** bondsim's own options that reach a test as a setting, by setting name. */
  private static final Map<String, String> FLAG_OF_SETTING =
      Map.of(
          "bondsim.kernel",
          "--kernel",
          "bondsim.gso",
          "--sender",
          TcpSettings.METRICS_SETTING,
          TcpMetrics.OPTION,
          "bondsim.rate_mbps",
          "--rate-mbps",
          "bondsim.send_cost_ns",
          "--send-cost-ns");

  /** The words of {@code --cpu-costs}. */
  private static final List<String> COST_WORDS =
      List.of("frame", "up", "byte", "ack", "sack", "tx");

  private static boolean lockedClocks(String text) {
    return switch (text) {
      case "free" -> false;
      case "locked" -> true;
      default ->
          throw new IllegalArgumentException(
              "--link-clocks must be free or locked, got '" + StrictNumbers.echo(text) + "'");
    };
  }

  static NetperfRun from(NetperfCommand c) {
    if (c.ipv6) {
      throw new IllegalArgumentException(
          "-6 asks for IPv6; the simulated hosts speak IPv4 only; allowed: -4 or nothing");
    }
    String test = GlobalOptions.test(c.test);
    // -o, -O and -k choose netperf's omni output; the test itself never sees them.
    OutputSelection selection = OutputSelection.extract(c.testOptions);
    if (selection != null && c.json) {
      throw new IllegalArgumentException(
          "--json and -- "
              + selection.mode().flag
              + " both choose the output; allowed: one of them");
    }
    if (selection != null) {
      selection.check(test);
    }
    WorkloadRegistry workloads = WorkloadRegistry.load();
    WorkloadProvider provider =
        workloads
            .find(test)
            .orElseThrow(
                () ->
                    workloads.conflict(test).isPresent()
                        ? new IllegalArgumentException(
                            "-t: " + workloads.conflict(test).orElseThrow())
                        : new IllegalArgumentException(
                            "-t must be one of "
                                + workloads.names()
                                + ", got '"
                                + StrictNumbers.echo(c.test)
                                + "'"));
    long durationNs = GlobalOptions.lengthNs(c.length);
    long waitNs = c.waitSeconds == null ? 0 : GlobalOptions.waitNs(c.waitSeconds);
    int printHeaders = (int) ArgumentParsers.whole("-P", c.printHeaders, 0, 1, "");
    int verbosity = (int) ArgumentParsers.whole("-v", c.verbosity, 0, 9, "");
    ThroughputUnits units = ThroughputUnits.parse(c.units);
    GlobalOptions.HostName local =
        GlobalOptions.host("-L", c.localHost == null ? "" : c.localHost, ScenarioRunner.SENDER_IP);
    GlobalOptions.HostName remote =
        GlobalOptions.host(
            "-H", c.remoteHost == null ? "" : c.remoteHost, ScenarioRunner.RECEIVER_IP);

    int mtu = (int) ArgumentParsers.whole("--mtu", c.mtu, 68, 65535, "");
    int txqueuelen =
        (int) ArgumentParsers.whole("--txqueuelen", c.txqueuelen, 1, 1_000_000, " frames");
    long seed = ArgumentParsers.whole("--seed", c.seed, Long.MIN_VALUE, Long.MAX_VALUE, "");
    int streams =
        (int)
            ArgumentParsers.whole(
                "--streams",
                c.streams,
                1,
                WorkloadSpec.MAX_STREAMS,
                " (each stream has its own local port)");
    long staggerNs = c.stagger == null ? 0 : ArgumentParsers.timeNs(c.stagger, "--stagger");
    if (staggerNs > 0) {
      if (!test.equals("TCP_RR")) {
        throw new IllegalArgumentException(
            "--stagger needs -t TCP_RR (its instances time their own windows), got -t " + test);
      }
      if (staggerNs > WorkloadSpec.MAX_STAGGER_NS) {
        throw new IllegalArgumentException(
            "--stagger must be at most 10s, got '" + StrictNumbers.echo(c.stagger) + "'");
      }
      if ((streams - 1) * staggerNs >= durationNs) {
        throw new IllegalArgumentException(
            "--stagger "
                + StrictNumbers.echo(c.stagger)
                + " with --streams "
                + streams
                + " starts the last instance after the first one's -l window ends, so they never"
                + " all run at once; allowed: (streams - 1) x stagger below -l");
      }
    }
    int clients = (int) ArgumentParsers.whole("--clients", c.clients, 1, 250, " hosts");
    int switchBuffer =
        (int) ArgumentParsers.whole("--switch-buffer", c.switchBuffer, 1, 1_000_000, " frames");

    Map<String, String> settings = pairs("--sysctl", c.sysctls, "net.ipv4.tcp_reordering=10");
    HostSpec base = c.hostProfile == null ? null : HostSpec.profile(c.hostProfile.trim());
    // --kernel and --sender (or the same as --sysctl bondsim.*) describe the host, not the test.
    String kernelWord = settings.remove("bondsim.kernel");
    String gsoWord = settings.remove("bondsim.gso");
    if (c.kernel != null) {
      kernelWord = c.kernel;
    }
    SenderOffloads offloads = base != null ? base.offloads() : SenderOffloads.OFF;
    if (gsoWord != null) {
      offloads = new SenderOffloads(false, "1".equals(gsoWord.trim()));
    }
    if (c.sender != null) {
      offloads = senderOffloads(c.sender, offloads);
    }
    if (c.rateMbps != null) {
      double rate = StrictNumbers.decimal(c.rateMbps);
      if (!(rate >= 0 && rate <= 10_000_000)) {
        throw new IllegalArgumentException(
            "--rate-mbps must be a decimal number of Mbit/s from 0 to 10000000 (0 = as fast as"
                + " possible), got '"
                + StrictNumbers.echo(c.rateMbps)
                + "'");
      }
      if (rate > 0) {
        settings.put("bondsim.rate_mbps", c.rateMbps.trim());
      }
    }
    if (c.tcpMetrics != null) {
      // Checked here so that a bad entry names the option; the test reads it back.
      TcpMetrics.parse(c.tcpMetrics);
      settings.put(TcpSettings.METRICS_SETTING, c.tcpMetrics.trim());
    }
    if (c.sendCostNs != null) {
      settings.put(
          "bondsim.send_cost_ns",
          Long.toString(
              ArgumentParsers.whole("--send-cost-ns", c.sendCostNs, 1, 1_000_000_000, " ns")));
    }
    // The host's words are checked as the test's settings, so that a test that does not read
    // them (UDP_STREAM and --kernel) says so.
    Map<String, String> checked = new LinkedHashMap<>(settings);
    if (kernelWord != null) {
      checked.put("bondsim.kernel", kernelWord);
    }
    if (gsoWord != null || c.sender != null) {
      checked.put("bondsim.gso", offloads.superPackets() ? "1" : "0");
    }
    checkSettingsApply(provider, workloads, checked);
    KernelVersion kernel =
        kernelWord != null
            ? KernelVersion.parse(kernelWord.trim())
            : base != null ? base.kernel() : KernelVersion.LINUX_6;

    List<Long> speeds = ArgumentParsers.speeds(c.slaves);
    List<LinkEvent> events =
        linkEvents(c.failures, c.blackholes, c.recoveries, durationNs, speeds.size());
    Netem netem = c.netem == null ? Netem.NONE : Netem.parse(c.netem);
    List<String> warnings = List.of();
    if (!c.ethtool.isEmpty()) {
      if (c.sender != null || gsoWord != null) {
        throw new IllegalArgumentException(
            "--ethtool and --sender both set the sender's offloads; allowed: one of them");
      }
      if (findSetting(provider, "bondsim.gso") == null) {
        throw new IllegalArgumentException(
            "--ethtool applies to the TCP tests; " + test + " does not take it");
      }
      EthtoolOffloads.Result ethtool = EthtoolOffloads.apply(kernel, speeds.size(), c.ethtool);
      offloads = ethtool.offloads();
      warnings = ethtool.warnings();
    }
    CpuCosts costs = costs(c, base);
    ReceiveSettings receive = receive(c, costs, base);
    HostSpec host =
        (base != null ? base : HostSpec.IDEAL)
            .withKernel(kernel)
            .withOffloads(offloads)
            .withCosts(costs)
            .withReceive(receive);

    Network network =
        new Network(ArgumentParsers.topology(c.topology), switchBuffer, clients)
            .withAddresses(local.address(), remote.address())
            .withPortChannel(c.portChannel == null ? null : PortChannelParser.parse(c.portChannel))
            .withLockedClocks(lockedClocks(c.linkClocks))
            .withBondAge(bondAgeNs(c.bondAge));
    Scenario scenario =
        Scenario.builder()
            .bond(c.bond)
            .moduleParameters(pairs("--module-param", c.moduleParameters, "miimon=100"))
            .slaves(ArgumentParsers.slaves(speeds, c.delayMicros, netem))
            .mtu(mtu)
            .txqueuelen(txqueuelen)
            .duration(Duration.ofNanos(durationNs))
            .seed(seed)
            .events(events)
            .workload(
                cpuBinding(
                    c.cpuBinding,
                    new WorkloadSpec(test, c.testOptions, streams, settings, waitNs, staggerNs)))
            .host(host)
            .network(network)
            .build();
    return new NetperfRun(
        scenario,
        new ReportFormat(
            units,
            printHeaders == 1,
            verbosity,
            local.name(),
            local.address(),
            remote.name(),
            remote.address(),
            c.localCpu,
            c.remoteCpu,
            c.allStreams,
            selection),
        warnings);
  }

  /** Reads repeatable NAME=VALUE options, refusing a malformed one or a name given twice. */
  private static Map<String, String> pairs(String option, List<String> texts, String example) {
    Map<String, String> pairs = new LinkedHashMap<>();
    for (String text : texts) {
      int eq = text.indexOf('=');
      if (eq <= 0 || eq == text.length() - 1) {
        throw new IllegalArgumentException(
            option
                + " must be NAME=VALUE like "
                + example
                + ", got '"
                + StrictNumbers.echo(text)
                + "'");
      }
      String name = text.substring(0, eq).trim();
      String value = text.substring(eq + 1).trim();
      String before = pairs.put(name, value);
      if (before != null) {
        throw new IllegalArgumentException(
            option
                + " "
                + name
                + " is given twice ("
                + before
                + " and "
                + value
                + "); allowed: one value per name");
      }
    }
    return pairs;
  }

  /** Every setting must be one the test reads; bondsim's own flags are named as flags. */
  private static void checkSettingsApply(
      WorkloadProvider provider, WorkloadRegistry workloads, Map<String, String> settings) {
    for (Map.Entry<String, String> setting : settings.entrySet()) {
      String name = setting.getKey();
      OptionSpec spec = findSetting(provider, name);
      String flag = FLAG_OF_SETTING.get(name);
      if (spec == null) {
        Set<String> takers = new TreeSet<>();
        for (WorkloadProvider other : workloads.providers()) {
          if (findSetting(other, name) != null) {
            takers.add(other.test());
          }
        }
        String readers = String.join(", ", new TreeSet<>(readable(provider)));
        throw new IllegalArgumentException(
            asTyped(name)
                + (takers.isEmpty()
                    ? " is not a setting any test reads"
                    : " applies to " + String.join(", ", takers))
                + "; "
                + provider.test()
                + " does not take it"
                + (readers.isEmpty() ? "" : " (it takes " + readers + ")"));
      }
      try {
        spec.parse(setting.getValue());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            flag != null ? e.getMessage().replace(name, flag) : "--sysctl " + e.getMessage());
      }
    }
  }

  /** What a test takes, as the user types it. */
  private static List<String> readable(WorkloadProvider provider) {
    List<String> names = new ArrayList<>();
    for (OptionSpec spec : provider.settings()) {
      names.add(asTyped(spec.name()));
    }
    return names;
  }

  /** A setting as the user types it: bondsim's own flag, or {@code --sysctl NAME}. */
  private static String asTyped(String setting) {
    String flag = FLAG_OF_SETTING.get(setting);
    return flag != null ? flag : "--sysctl " + setting;
  }

  private static OptionSpec findSetting(WorkloadProvider provider, String name) {
    for (OptionSpec spec : provider.settings()) {
      if (spec.name().equals(name)) {
        return spec;
      }
    }
    return null;
  }

  private static String optionOf(LinkEvent event) {
    if (event.up()) {
      return "--recover ";
    }
    return event.fault() == LinkEvent.Fault.CARRIER ? "--fail " : "--blackhole ";
  }

  /**
   * --fail, --blackhole and --recover, timed from the start of the test, inside it, in a sensible
   * order.
   */
  private static List<LinkEvent> linkEvents(
      List<String> failures,
      List<String> blackholes,
      List<String> recoveries,
      long durationNs,
      int slaveCount) {
    List<LinkEvent> events = new ArrayList<>();
    failures.forEach(f -> events.add(ArgumentParsers.linkEvent(f, false)));
    blackholes.forEach(b -> events.add(ArgumentParsers.blackhole(b)));
    recoveries.forEach(r -> events.add(ArgumentParsers.linkEvent(r, true)));
    List<String> names = new ArrayList<>();
    for (int i = 0; i < slaveCount; i++) {
      names.add(Scenario.slaveName(i));
    }
    for (LinkEvent event : events) {
      if (!names.contains(event.slave())) {
        throw new IllegalArgumentException(
            optionOf(event)
                + StrictNumbers.echo(event.slave())
                + "@"
                + seconds(event.atNs())
                + " names slave '"
                + StrictNumbers.echo(event.slave())
                + "'; allowed: "
                + String.join(", ", names));
      }
      if (event.atNs() >= durationNs) {
        throw new IllegalArgumentException(
            optionOf(event)
                + event.slave()
                + "@"
                + seconds(event.atNs())
                + " falls after the end of the test (-l "
                + seconds(durationNs)
                + "); allowed: times before "
                + seconds(durationNs));
      }
      if (event.up()) {
        boolean failedBefore =
            events.stream()
                .anyMatch(
                    e -> !e.up() && e.slave().equals(event.slave()) && e.atNs() < event.atNs());
        if (!failedBefore) {
          throw new IllegalArgumentException(
              "--recover "
                  + event.slave()
                  + "@"
                  + seconds(event.atNs())
                  + " comes before any --fail of "
                  + event.slave()
                  + "; a slave is up until it fails, so recover it after a --fail");
        }
      }
    }
    return events;
  }

  /** {@code --sender}'s ethtool words, with messages that name the flag. */
  private static SenderOffloads senderOffloads(String text, SenderOffloads base) {
    try {
      return SenderOffloads.parse(text, base);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage()
              .replace("sender offloads take", "--sender takes")
              .replace("sender offload ", "--sender "));
    }
  }

  private static long bondAgeNs(String text) {
    if (text == null) {
      return 0;
    }
    // timeNs allows 0 to a day, as Network does.
    return ArgumentParsers.timeNs(text, "--bond-age");
  }

  private static String seconds(long ns) {
    return java.math.BigDecimal.valueOf(ns, 9).stripTrailingZeros().toPlainString() + "s";
  }

  /**
   * The CPU costs: a profile, words over a profile, or all six words; none when the line names no
   * CPU model (-c/-C do not choose one).
   */
  private static CpuCosts costs(NetperfCommand c, HostSpec host) {
    boolean cpuAsked = c.localCpu || c.remoteCpu;
    CpuCosts base =
        c.costProfile != null
            ? CpuCosts.profile(c.costProfile)
            : host != null && host.costs().any() ? host.costs() : null;
    if (c.cpuCosts != null) {
      // Words and values first, so that a bad value is named before a missing word.
      CpuCosts.parse(c.cpuCosts, CpuCosts.NONE);
    }
    if (c.cpuCosts != null && base == null) {
      Set<String> named = new TreeSet<>();
      String[] words = c.cpuCosts.trim().split("\\s+");
      for (int i = 0; i < words.length; i += 2) {
        named.add(words[i]);
      }
      List<String> missing = new ArrayList<>();
      for (String word : COST_WORDS) {
        if (!named.contains(word)) {
          missing.add(word);
        }
      }
      if (!missing.isEmpty()) {
        throw new IllegalArgumentException(
            "--cpu-costs '"
                + StrictNumbers.echo(c.cpuCosts)
                + "' leaves out "
                + String.join(", ", missing)
                + ", so CPU % would count part of the work as all of it; allowed: name all of"
                + " frame, up, byte, ack, sack, tx (0 is a value), or start from a profile with"
                + " --cost-profile generic-2010");
      }
    }
    CpuCosts costs;
    if (c.cpuCosts != null) {
      costs = CpuCosts.parse(c.cpuCosts, base == null ? CpuCosts.NONE : base);
    } else if (base != null) {
      costs = base;
    } else if (host != null) {
      costs = host.costs();
    } else {
      // netperf's -c only observes, and so does bondsim's: with no model chosen the run has no
      // CPU model, and the CPU columns print as not measured.
      costs = CpuCosts.NONE;
    }
    if (cpuAsked && !costs.any() && (c.costProfile != null || c.cpuCosts != null)) {
      throw new IllegalArgumentException(
          "-c/-C ask for CPU figures, but --cost-profile none charges no CPU time; allowed: a"
              + " profile that charges some (generic-2010, reference-2.6.37) or --cpu-costs");
    }
    return costs;
  }

  /**
   * The receive path: as given, or the defaults when only --cpus is given; CPU costs without either
   * are refused.
   */
  private static ReceiveSettings receive(NetperfCommand c, CpuCosts costs, HostSpec host) {
    Integer cpus =
        c.cpus == null ? null : (int) ArgumentParsers.whole("--cpus", c.cpus, 1, 64, " CPUs");
    boolean cpuAsked = c.localCpu || c.remoteCpu;
    if (host != null && host.receive() != null && c.receiver == null) {
      return cpus == null ? host.receive() : host.receive().withCpus(cpus);
    }
    if (c.receiver == null && cpus == null) {
      if (!costs.any()) {
        return null;
      }
      throw new IllegalArgumentException(
          (c.cpuCosts != null ? "--cpu-costs" : "--cost-profile " + c.costProfile)
              + " charges receive work (frame, up, byte, ack, sack, irq, poll) on the receive path,"
              + " which this run does not model (the receiver is ideal); allowed: add --receiver"
              + " (e.g. --receiver \"gro on rx-usecs 50\"), --cpus N, or --host-profile default"
              + " for the default host model");
    }
    ReceiveSettings settings =
        c.receiver == null ? ReceiveSettings.DEFAULTS : ReceiveSettings.parse(c.receiver);
    return cpus == null ? settings : settings.withCpus(cpus);
  }

  /**
   * netperf's {@code -T lcpu,rcpu}, split as its {@code break_args} splits it: one number without a
   * comma binds both, {@code N,} netperf only, {@code ,M} netserver only.
   */
  private static WorkloadSpec cpuBinding(String value, WorkloadSpec spec) {
    if (value == null) {
      return spec;
    }
    String text = value.trim();
    String[] parts = text.contains(",") ? text.split(",", -1) : new String[] {text, text};
    if (parts.length != 2 || parts[0].isBlank() && parts[1].isBlank()) {
      throw new IllegalArgumentException(
          "-T takes lcpu,rcpu (one number binds both; either may be left out), got '"
              + StrictNumbers.echo(value)
              + "'");
    }
    int local =
        parts[0].isBlank() ? -1 : (int) ArgumentParsers.whole("-T", parts[0].trim(), 0, 1023, "");
    int remote =
        parts[1].isBlank() ? -1 : (int) ArgumentParsers.whole("-T", parts[1].trim(), 0, 1023, "");
    return spec.bindCpus(local, remote);
  }
}
