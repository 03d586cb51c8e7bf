package org.bondsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bondsim.cli.crosscheck.Comparison;
import org.bondsim.cli.crosscheck.LabRun;
import org.bondsim.cli.crosscheck.LabScenario;
import org.bondsim.cli.crosscheck.UmlLab;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.capture.Captures;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.GuestStalls;
import org.bondsim.core.scenario.Network;
import org.bondsim.core.scenario.RunHooks;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bondsim crosscheck [OPTIONS] netperf ARGS…}: one {@code bondsim netperf} scenario run in
 * bondsim over several seeds and in a real Linux 6.1 kernel (user-mode Linux, {@link UmlLab}) over
 * several boots, printed side by side with the rule each figure is judged by ({@link Comparison}).
 */
@Command(
    name = "crosscheck",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a 'bondsim netperf' scenario in bondsim and in a real Linux 6.1 kernel (user-mode"
          + " Linux, as an ordinary process) and prints both side by side: throughput, the"
          + " sender's nstat counters, its ss -ti fields and each slave's tx_packets.",
      "Usage: bondsim crosscheck [--runs N] [--seeds LIST] [--json] netperf -t TCP_STREAM -l 10"
          + " --bond \"mode balance-rr\" --slaves 3x20 --delay-us 1000,2000,3000 -- -m 65536",
      "The real kernel builds what it can: balance-rr, active-backup, balance-xor, broadcast"
          + " and 802.3ad bonds back to back over veth pairs, each link a tbf at its rate and a"
          + " netem delay (with --netem's loss, duplication and jitter); TCP_STREAM; the TCP sysctls;"
          + " --fail/--recover. It has one CPU: keep"
          + " the links' sum near 60 Mbit/s.",
      "Exit status: 0 when every judged figure agrees (or with --runs 0, nothing judged), 1 when"
          + " one does not or the real kernel could not be trusted, 2 for a usage error (or"
          + " user-mode Linux missing)."
    })
final class CrosscheckCommand implements Callable<Integer> {
  /** bondsim's side runs the guest's kernel: its tick and its TSQ cap (6.1's 1 MB). */
  static final Map<String, String> GUEST_KERNEL =
      Map.of("bondsim.hz", "100", "net.ipv4.tcp_limit_output_bytes", "1048576");

  @Spec CommandSpec spec;

  @Option(
      names = "--runs",
      defaultValue = "3",
      description =
          "Boots of the real kernel; 0 runs bondsim alone on the lab's links (the real kernel's"
              + " column is then unknown). Default: ${DEFAULT-VALUE}.")
  String runs;

  @Option(
      names = "--seeds",
      defaultValue = "1-5",
      paramLabel = "LIST",
      description = "bondsim's seeds: a range (1-5) or a comma list. Default: ${DEFAULT-VALUE}.")
  String seeds;

  @Option(names = "--json", description = "Print JSON instead of the table.")
  boolean json;

  @Option(
      names = "--lab-dir",
      paramLabel = "DIR",
      description =
          "Keep each boot's files (the guest's log, counters, qdisc statistics) under DIR/run-N;"
              + " by default they go to a temporary directory that is removed.")
  Path labDir;

  @Option(
      names = "--series-dir",
      paramLabel = "DIR",
      description =
          "Write each side's run as a time series into DIR: bondsim-seed-S.csv per seed (the"
              + " columns of 'bondsim netperf --series') and linux-run-N.csv per boot (stream 0's"
              + " TCP_INFO read between its writes: cwnd, ssthresh, in flight, retransmissions,"
              + " srtt, reordering, DSACKs, ca_state).")
  Path seriesDir;

  @Option(
      names = "--pcap-dir",
      paramLabel = "DIR",
      description =
          "Capture both sides into DIR, headers only: bondsim-seed-S/ per seed (the files of"
              + " 'bondsim netperf --pcap') and linux-run-N/ per boot (snd-bond0.pcap and"
              + " rcv-bond0.pcap: tcpdump on each host's bond0, both ways). The guest's tcpdump"
              + " costs it CPU time, so captured boots are shown but not judged.")
  Path pcapDir;

  @Option(
      names = "--series-interval",
      paramLabel = "TIME",
      description =
          "How often --series-dir samples both sides, in whole milliseconds such as 20ms."
              + " Default: ${DEFAULT-VALUE}.")
  String seriesInterval = "20ms";

  @Option(
      names = "--rt",
      defaultValue = "50",
      description =
          "Run the guest under SCHED_FIFO at this priority (chrt -f, needs root) so that its"
              + " timers fire on time on a busy host; 0 for normal scheduling."
              + " Default: ${DEFAULT-VALUE}.")
  String realtime;

  @Option(
      names = "--guest-stalls",
      paramLabel = "PER_S",
      description =
          "How many times a second bondsim's side stands still as the lab's guest does (its host"
              + " does not run it for 1 to 12 ms); 0 for a guest that never stalls."
              + " Default: ${DEFAULT-VALUE}.")
  String guestStalls = LabScenario.GUEST_STALLS_PER_SECOND;

  @Parameters(
      arity = "1..*",
      paramLabel = "netperf ARGS",
      description = "The word netperf and a 'bondsim netperf' command line.")
  List<String> command = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    List<String> netperf =
        NetperfLine.afterWordNetperf(command, "crosscheck [--runs N] [--seeds LIST] netperf ARGS");
    // Its bondsim side runs several seeds and prints only the comparison: netperf's capture or
    // series would silently be left unwritten; --series-dir writes both sides' series instead.
    NetperfLine.refuseOutputOptions(
        netperf,
        "crosscheck",
        "--series-dir DIR and --pcap-dir DIR, before the word netperf, record both sides");
    int boots = (int) ArgumentParsers.whole("--runs", runs, 0, 100, "");
    int priority = (int) ArgumentParsers.whole("--rt", realtime, 0, 99, "");
    List<Long> seedList = seedList(seeds);
    int sampleMs = seriesDir == null ? 0 : sampleMs(seriesInterval);
    if (seriesDir != null) {
      CrosscheckSeries.prepare(seriesDir);
    }
    Scenario scenario = scenario(netperf);
    LabScenario lab = LabScenario.from(scenario);
    // bondsim runs the links the lab builds (a tbf on a veth, a netem delay), not cables, on a
    // machine that stalls as the lab's guest does, with bonds that carried the guest's pings, ARP
    // and IPv6 neighbour discovery before the test (how many differs from boot to boot).
    scenario =
        onLab(
            scenario,
            LabScenario.labLinks(scenario),
            scenario.network().onLabGuest(stalls(guestStalls)));
    String missing = boots == 0 ? null : UmlLab.missing();
    if (missing == null && boots > 0 && pcapDir != null) {
      missing = UmlLab.missingCapture();
    }
    if (pcapDir != null) {
      CrosscheckCaptures.prepare(pcapDir);
    }
    if (missing != null) {
      spec.commandLine().getErr().println("bondsim: " + missing);
      return Main.USAGE_ERROR;
    }
    PrintWriter err = spec.commandLine().getErr();
    List<RunReport> reports = new ArrayList<>();
    ScenarioRunner runner = new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load());
    for (long seed : seedList) {
      try (Captures captures = pcapDir == null ? null : CrosscheckCaptures.bondsim(pcapDir, seed)) {
        reports.add(
            seriesDir == null
                ? runner.run(withSeed(scenario, seed), new RunHooks(null, captures, null))
                : CrosscheckSeries.bondsim(
                    runner, withSeed(scenario, seed), seriesDir, seed, sampleMs, captures));
      }
    }
    Path cache =
        Path.of(
            System.getenv()
                .getOrDefault("XDG_CACHE_HOME", System.getProperty("user.home") + "/.cache"),
            "bondsim");
    UmlLab uml =
        new UmlLab(cache, priority == 0 || !isRoot() ? 0 : priority, sampleMs, pcapDir != null);
    Path base = labDir != null ? labDir : Files.createTempDirectory("bondsim-crosscheck");
    List<LabRun> runsDone = new ArrayList<>();
    try {
      for (int i = 1; i <= boots; i++) {
        err.printf(Locale.ROOT, "bondsim: crosscheck: real kernel, run %d of %d%n", i, boots);
        err.flush();
        LabRun run = uml.run(lab, base.resolve("run-" + i));
        runsDone.add(run);
        if (seriesDir != null) {
          CrosscheckSeries.linux(run, seriesDir, i);
        }
        if (pcapDir != null && CrosscheckCaptures.linux(base.resolve("run-" + i), pcapDir, i) < 2) {
          // Said, not hidden: a boot whose tcpdump wrote nothing (its own words are kept with
          // --lab-dir, in tcpdump-snd.txt and tcpdump-rcv.txt).
          err.printf(
              Locale.ROOT, "bondsim: crosscheck: real kernel, run %d left no full capture%n", i);
        }
      }
    } finally {
      if (labDir == null) {
        deleteTree(base);
      }
    }
    List<LabRun> trusted = runsDone.stream().filter(LabRun::trusted).toList();
    List<Comparison.Row> rows = Comparison.rows(reports, trusted);
    boolean captured = pcapDir != null && boots > 0;
    if (captured) {
      // A capture is for reading: the guest that ran tcpdump is not the guest the rule is for.
      rows =
          rows.stream()
              .map(r -> new Comparison.Row(r.name(), false, r.bondsim(), r.linux()))
              .toList();
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(json(scenario, seedList, runsDone, rows, captured));
    } else {
      printTable(out, lab, scenario.network().guestStalls(), seedList, runsDone, rows);
      if (captured) {
        out.println(
            "not judged: the boots ran tcpdump (--pcap-dir), which costs the guest CPU time and"
                + " makes it stall more often; captures in "
                + pcapDir);
      }
    }
    if (boots == 0 || captured) {
      // bondsim alone, or a guest that captured: nothing was judged.
      return 0;
    }
    boolean agree =
        !trusted.isEmpty()
            && rows.stream().filter(Comparison.Row::judged).allMatch(Comparison.Row::agrees);
    return agree ? 0 : 1;
  }

  /** The netperf command line as {@code bondsim netperf} reads it, on the guest's kernel. */
  private static Scenario scenario(List<String> args) {
    Scenario scenario = NetperfLine.scenario(args);
    Map<String, String> settings = new LinkedHashMap<>(GUEST_KERNEL);
    settings.putAll(scenario.workload().settings());
    WorkloadSpec w = scenario.workload();
    return new Scenario(
        scenario.bond(),
        scenario.moduleParameters(),
        scenario.slaves(),
        scenario.mtu(),
        scenario.txqueuelen(),
        scenario.durationNs(),
        scenario.seed(),
        scenario.events(),
        new WorkloadSpec(
            w.test(), w.testOptions(), w.streams(), settings, w.waitNs(), w.staggerNs()),
        scenario.host(),
        scenario.network());
  }

  private static Scenario onLab(Scenario s, List<SlaveLinkSpec> slaves, Network network) {
    return new Scenario(
        s.bond(),
        s.moduleParameters(),
        slaves,
        s.mtu(),
        s.txqueuelen(),
        s.durationNs(),
        s.seed(),
        s.events(),
        s.workload(),
        s.host(),
        network);
  }

  /** {@code --series-interval}: whole milliseconds, 1 ms to 10 s (the guest samples in ms). */
  static int sampleMs(String text) {
    long ns = ArgumentParsers.timeNs(text, "--series-interval");
    if (ns < 1_000_000 || ns > 10_000_000_000L || ns % 1_000_000 != 0) {
      throw new IllegalArgumentException(
          "--series-interval must be whole milliseconds from 1ms to 10s, got '" + text + "'");
    }
    return (int) (ns / 1_000_000);
  }

  /** {@code --guest-stalls}: a rate per second, 0 to 100. */
  static GuestStalls stalls(String text) {
    double perSecond;
    try {
      perSecond = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      perSecond = Double.NaN;
    }
    if (!(perSecond >= 0 && perSecond <= 100)) {
      throw new IllegalArgumentException(
          "--guest-stalls must be a rate of 0 to 100 per second, got '" + text + "'");
    }
    return new GuestStalls(perSecond);
  }

  private static Scenario withSeed(Scenario s, long seed) {
    return new Scenario(
        s.bond(),
        s.moduleParameters(),
        s.slaves(),
        s.mtu(),
        s.txqueuelen(),
        s.durationNs(),
        seed,
        s.events(),
        s.workload(),
        s.host(),
        s.network());
  }

  /** {@code --seeds}: {@code A-B} or a comma list of numbers. */
  static List<Long> seedList(String text) {
    List<Long> list = new ArrayList<>();
    String trimmed = text.trim();
    int dash = trimmed.indexOf('-', 1);
    if (dash > 0) {
      long from =
          ArgumentParsers.whole("--seeds", trimmed.substring(0, dash), 0, Long.MAX_VALUE, "");
      long to =
          ArgumentParsers.whole("--seeds", trimmed.substring(dash + 1), 0, Long.MAX_VALUE, "");
      if (to < from || to - from >= 1000) {
        throw new IllegalArgumentException(
            "--seeds must be a range A-B with A <= B and at most 1000 seeds, got '" + text + "'");
      }
      for (long seed = from; seed <= to; seed++) {
        list.add(seed);
      }
      return list;
    }
    for (String word : trimmed.split(",")) {
      list.add(ArgumentParsers.whole("--seeds", word.trim(), 0, Long.MAX_VALUE, ""));
    }
    return list;
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void printTable(
      PrintWriter out,
      LabScenario lab,
      GuestStalls stalls,
      List<Long> seedList,
      List<LabRun> runsDone,
      List<Comparison.Row> rows) {
    out.printf(
        Locale.ROOT,
        "crosscheck: %s over %s, %s s of TCP_STREAM -m %d, %d stream(s)%n",
        lab.mode(),
        links(lab),
        trim(lab.seconds()),
        lab.messageBytes(),
        lab.streams());
    out.printf(
        Locale.ROOT,
        "bondsim: seeds %s (--kernel 6.x, HZ 100, tcp_limit_output_bytes 1048576 as the guest;"
            + " %s stall(s) a second, fitted to one 20 Mbit/s link's throughput);"
            + " linux: %d boots of Linux %s (user-mode), %d trusted%n",
        seedList,
        trim(stalls.perSecond()),
        runsDone.size(),
        guestVersion(),
        runsDone.stream().filter(LabRun::trusted).count());
    for (int i = 0; i < runsDone.size(); i++) {
      for (String problem : runsDone.get(i).problems()) {
        out.printf(Locale.ROOT, "linux run %d not used: %s%n", i + 1, problem);
      }
      List<Double> at = runsDone.get(i).linkEventSeconds();
      if (!at.isEmpty()) {
        List<String> events = new java.util.ArrayList<>();
        for (int k = 0; k < at.size() && k < lab.events().size(); k++) {
          LabScenario.LabEvent event = lab.events().get(k);
          events.add(
              String.format(
                  Locale.ROOT,
                  "eth%d %s at %.2f s",
                  event.slave(),
                  event.up() ? "up" : "down",
                  at.get(k)));
        }
        out.printf(Locale.ROOT, "linux run %d link events: %s%n", i + 1, String.join(", ", events));
      }
    }
    out.printf(
        Locale.ROOT,
        "%-31s %-30s %-30s %s%n",
        "figure",
        "bondsim median (min-max)",
        "linux median (min-max)",
        "agrees");
    for (Comparison.Row row : rows) {
      out.printf(
          Locale.ROOT,
          "%-31s %-30s %-30s %s%n",
          row.name(),
          summary(row.bondsim()),
          summary(row.linux()),
          !row.judged() ? "" : row.linux().length == 0 ? "unknown" : row.agrees() ? "yes" : "NO");
    }
  }

  private static String links(LabScenario lab) {
    List<String> parts = new ArrayList<>();
    for (LabScenario.LabLink link : lab.slaves()) {
      parts.add(
          trim(link.rateKbit() / 1000.0) + " Mbit/s " + trim(link.delayUs() / 1000.0) + " ms");
    }
    return parts.size() + " links (" + String.join(", ", parts) + ")";
  }

  private static String summary(double[] values) {
    if (values.length == 0) {
      return "unknown";
    }
    double median = Comparison.median(values);
    double min = java.util.Arrays.stream(values).min().orElseThrow();
    double max = java.util.Arrays.stream(values).max().orElseThrow();
    return min == max ? trim(median) : trim(median) + " (" + trim(min) + "-" + trim(max) + ")";
  }

  private static String trim(double value) {
    if (Double.isNaN(value)) {
      return "unknown";
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, "%.2f", value);
  }

  private static String guestVersion() {
    try (var dirs = Files.list(Path.of("/usr/lib/uml/modules"))) {
      return dirs.map(p -> p.getFileName().toString()).sorted().reduce((a, b) -> b).orElse("6.1");
    } catch (IOException e) {
      return "6.1";
    }
  }

  private static String json(
      Scenario scenario,
      List<Long> seedList,
      List<LabRun> runsDone,
      List<Comparison.Row> rows,
      boolean captured) {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    root.put("guest_kernel", guestVersion());
    ArrayNode seedsNode = root.putArray("seeds");
    seedList.forEach(seedsNode::add);
    root.put("guest_stalls_per_second", scenario.network().guestStalls().perSecond());
    ArrayNode linux = root.putArray("linux_runs");
    for (LabRun run : runsDone) {
      ObjectNode node = linux.addObject();
      node.put("trusted", run.trusted());
      ArrayNode problems = node.putArray("problems");
      run.problems().forEach(problems::add);
      node.put("guest_cpu_busy_percent", run.guestCpuBusyPercent());
      if (!run.linkEventSeconds().isEmpty()) {
        ArrayNode events = node.putArray("link_events_s");
        run.linkEventSeconds().forEach(events::add);
      }
      if (run.timerLateUs().length == 2) {
        node.putObject("timer_late_us")
            .put("median", run.timerLateUs()[0])
            .put("p90", run.timerLateUs()[1]);
      }
      if (run.pingMs().length == 3) {
        node.putObject("ping_ms")
            .put("min", run.pingMs()[0])
            .put("median", run.pingMs()[1])
            .put("max", run.pingMs()[2]);
      }
    }
    ArrayNode figures = root.putArray("figures");
    for (Comparison.Row row : rows) {
      ObjectNode node = figures.addObject();
      node.put("name", row.name());
      node.put("judged", row.judged());
      values(node.putArray("bondsim"), row.bondsim());
      values(node.putArray("linux"), row.linux());
      if (row.judged()) {
        if (row.linux().length == 0) {
          node.putNull("agrees");
        } else {
          node.put("agrees", row.agrees());
        }
      }
    }
    root.put("captured", captured);
    if (runsDone.isEmpty() || captured) {
      root.putNull("agrees");
    } else {
      root.put(
          "agrees",
          rows.stream().filter(Comparison.Row::judged).allMatch(Comparison.Row::agrees)
              && runsDone.stream().anyMatch(LabRun::trusted));
    }
    try {
      return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a tree of numbers and strings always writes", e);
    }
  }

  private static void values(ArrayNode array, double[] values) {
    for (double value : values) {
      if (Double.isNaN(value)) {
        array.addNull();
      } else {
        array.add(value);
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
