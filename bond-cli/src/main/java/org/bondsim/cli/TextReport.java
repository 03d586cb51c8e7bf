package org.bondsim.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.bondsim.core.metrics.ReorderingStats;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.netperf.CpuColumns;
import org.bondsim.netperf.NetperfResult;
import org.bondsim.netperf.TestResult;

/** Prints a run as netperf's table followed by bondsim's per-slave and reordering tables. */
final class TextReport {
  private TextReport() {}

  static void print(RunReport report, ReportFormat format, PrintWriter out) {
    print(report, format, out, List.of());
  }

  /**
   * netperf's demo-mode lines ({@code demo_interval_display}): the rate over each interval in the
   * table's units, or transactions per second for TCP_RR. Difference: "ending at" is the simulated
   * clock since the test began, not the wall clock's epoch seconds.
   */
  static Iterable<String> interimLines(
      RunReport report, ReportFormat format, InterimSpool spool, long intervalNs) {
    double interval = intervalNs / 1e9;
    boolean rr = NetperfResult.typed(report.result()) instanceof TestResult.TcpRr;
    int response =
        rr ? ((TestResult.TcpRr) NetperfResult.typed(report.result())).responseSize() : 1;
    return spool.lines(
        row -> {
          double end = row[0];
          double mbps = row[1];
          double value =
              rr ? mbps * 1e6 / 8 / Math.max(1, response) : format.units().fromMegabits(mbps);
          String unit = rr ? "Trans" : CpuColumns.units(format.units().label());
          return String.format(
              Locale.ROOT,
              "Interim result: %7.2f %s/s over %.3f seconds ending at %d.%03d",
              value,
              unit,
              interval,
              (long) end,
              Math.round((end - Math.floor(end)) * 1000) % 1000);
        });
  }

  static void print(
      RunReport report, ReportFormat format, PrintWriter out, Iterable<String> interim) {
    ThroughputUnits units = format.units();
    String table =
        (format.localCpu() || format.remoteCpu())
                && report.result() instanceof NetperfResult netperf
            ? netperf.table(units.label(), units.bitsPerUnit(), cpuColumns(report, format))
            : report.result().table(units.label(), units.bitsPerUnit());
    // The table's first line is its banner; netperf names the hosts there as -H and -L gave them.
    int lineEnd = table.indexOf('\n');
    String banner = table.substring(0, lineEnd);
    int from = banner.indexOf(" from ");
    int colon = banner.lastIndexOf(" : ");
    if (from > 0 && colon > from) {
      banner = banner.substring(0, from) + " " + format.endpoints() + banner.substring(colon);
    }
    String body = table.substring(lineEnd + 1);
    if (format.selection() != null) {
      // netperf's omni output (-o, -O, -k): the banner unless -P 0, then the selection alone.
      String selected =
          format
              .selection()
              .render(
                  new OutputSelection.Values(report, cpuColumns(report, format), units),
                  format.headers());
      if (format.headers()) {
        out.println(banner);
      }
      out.print(selected);
      return;
    }
    if (format.verbosity() == 0) {
      // netperf -v 0: the figure of merit alone (after the banner unless -P 0).
      if (format.headers()) {
        out.println(banner);
      }
      if (format.localCpu() || format.remoteCpu()) {
        // netperf's cpu_fmt_0: with -c or -C, -v 0 prints the local (else the remote) service
        // demand and the CPU method's letter.
        CpuColumns cpu = cpuColumns(report, format);
        double demand = format.localCpu() ? cpu.localServiceDemand() : cpu.remoteServiceDemand();
        out.printf(Locale.ROOT, "%6.3f %c%n", demand, cpu.method());
      } else {
        out.printf(Locale.ROOT, "%.2f%n", figureOfMerit(report, units));
      }
      return;
    }
    // netperf -v 2 adds its detail block after the table.
    String details =
        format.verbosity() > 1 ? report.result().details(units.label(), units.bitsPerUnit()) : "";
    if (format.headers()) {
      out.println(banner);
      interim.forEach(out::println);
      out.print(body);
      out.print(details);
      printOtherStreams(report, format, out);
      printTcpMetrics(report, out);
    } else {
      // -P 0: no banner and no column headers, which end at the table's first blank line.
      int blank = body.indexOf("\n\n");
      interim.forEach(out::println);
      out.print(blank >= 0 ? body.substring(blank + 2) : body);
      out.print(details);
      printOtherStreams(report, format, out);
      printTcpMetrics(report, out);
    }
    out.printf(
        Locale.ROOT,
        "bond0 mode %s: %s%n",
        report.mode(),
        report.bondOptions().entrySet().stream()
            .map(e -> e.getKey() + " " + (e.getValue().isEmpty() ? "\"\"" : e.getValue()))
            .collect(Collectors.joining(" ")));
    out.printf(
        Locale.ROOT,
        "%-6s %8s %9s %6s %12s %15s %12s %15s %8s  %s%n",
        "slave",
        "Mbit/s",
        "delay_us",
        "flows",
        "tx_packets",
        "tx_bytes",
        "rx_packets",
        "rx_bytes",
        "drops",
        "state");
    for (RunReport.SlaveReport slave : report.slaves()) {
      out.printf(
          Locale.ROOT,
          "%-6s %8d %9.1f %6d %12d %15d %12d %15d %8d  %s%s%n",
          slave.name(),
          slave.speedMbps(),
          slave.delayNs() / 1000.0,
          slave.flows(),
          slave.txPackets(),
          slave.txBytes(),
          slave.rxPackets(),
          slave.rxBytes(),
          slave.totalDrops(),
          slave.linkState(),
          describeDrops(slave.drops()));
    }
    out.println();
    printReordering("reordering at the receiver (RFC 4737)", "frames", report.reordering(), out);
    // What tcp_v4_rcv sees: the NICs' frames after interrupt batching, NAPI's polling order and
    // GRO, which can reorder what the wire kept in order (or merge what it reordered).
    printReordering(
        "reordering at TCP's input (after NAPI and GRO)",
        "segments",
        report.reorderingAtTcp(),
        out);
    printFrames(report, out);
    if (report.clients() > 1) {
      out.println(
          "clients: "
              + report.clients()
              + " hosts ran the streams in turn; the slave table shows the first and the remote"
              + " host");
    }
    RunReport.SwitchReport fabric = report.switchReport();
    if (fabric != null) {
      out.printf(
          Locale.ROOT,
          "switch: %d forwarded, %d flooded, %d filtered (%d learning packets sent), %d MAC moves;"
              + " tail drops %s%n",
          fabric.forwarded(),
          fabric.flooded(),
          fabric.filtered(),
          fabric.learningPackets(),
          fabric.macMoves(),
          fabric.ports().stream().mapToLong(RunReport.SwitchPortReport::drops).sum() == 0
              ? "none"
              : fabric.ports().stream()
                  .filter(p -> p.drops() > 0)
                  .map(p -> p.name() + " " + p.drops())
                  .collect(Collectors.joining(", ")));
    }
    printTimeline(report, out);
    if (!report.activeChanges().isEmpty()) {
      out.println(
          "active slave: "
              + report.activeChanges().stream()
                  .map(c -> seconds(c.atSeconds()) + "s " + c.slave())
                  .collect(Collectors.joining(", ")));
    }
    for (String host : new String[] {"local", "remote"}) {
      long moves = report.flowMoveCount(host);
      if (moves > 0 && report.spraysPackets()) {
        out.println(
            "flow moves ("
                + host
                + " bond): "
                + moves
                + " (frames that took another slave than their flow's previous frame; "
                + report.mode()
                + " moves flows by design)");
      } else if (moves > 0) {
        // Long runs with many rebalances list only the first ten times.
        List<RunReport.FlowMoveGroup> groups =
            report.flowMoves().stream().filter(g -> g.host().equals(host)).toList();
        out.println(
            "flow moves ("
                + host
                + " bond): "
                + moves
                + " at "
                + groups.stream()
                    .limit(10)
                    .map(g -> seconds(g.atSeconds()) + "s (" + g.moves() + ")")
                    .collect(Collectors.joining(", "))
                + (groups.size() > 10 ? ", … (" + groups.size() + " times)" : ""));
      }
    }
    report
        .result()
        .counters()
        .forEach(
            (host, counters) -> {
              if (!counters.isEmpty()) {
                out.println(
                    host
                        + " counters: "
                        + counters.entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", ")));
              }
            });
    for (RunReport.HostReport host : report.hosts()) {
      if (host.cpuModelled() || host.napiPolls() > 0) {
        out.printf(
            Locale.ROOT,
            "%s host: CPU %s, %d NAPI polls, %d frames polled, %d packets up%n",
            host.name(),
            host.cpuModelled()
                ? String.format(
                    Locale.ROOT,
                    "%.1f %% (service demand %s)",
                    host.cpuUtilization(),
                    Double.isNaN(host.serviceDemandUsPerKb())
                        ? "unknown: no payload moved"
                        : String.format(Locale.ROOT, "%.3f us/KB", host.serviceDemandUsPerKb()))
                : "not modelled (no CPU costs)",
            host.napiPolls(),
            host.framesPolled(),
            host.packetsUp());
      }
      RunReport.ReaderReport reader = host.reader();
      if (reader != null) {
        StringBuilder each = new StringBuilder();
        for (int i = 0; i < host.cpuUtilizationEach().size(); i++) {
          each.append(i == 0 ? "" : ", ")
              .append(
                  String.format(
                      Locale.ROOT, "CPU %d %.1f %%", i, host.cpuUtilizationEach().get(i)));
        }
        out.printf(
            Locale.ROOT,
            "%s application on CPU %d (-T): %s; %d wakeups, %d segments prequeued, %d"
                + " backlogged, %d processed in the softirq%n",
            host.name(),
            reader.cpu(),
            each,
            reader.wakeups(),
            reader.prequeued(),
            reader.backlogged(),
            reader.inSoftirq());
      }
    }
    out.printf(
        Locale.ROOT, "seed %d, %d events simulated%n", report.seed(), report.eventsDispatched());
  }

  /** --tcp-metrics: the entry the test's connections left, to start the next run from. */
  private static void printTcpMetrics(RunReport report, PrintWriter out) {
    report
        .result()
        .tcpMetrics()
        .ifPresent(
            line ->
                out.printf(
                    Locale.ROOT, "ip tcp_metrics show (local, after the test): %s%n%n", line));
  }

  /** --all-streams: the ss -ti lines of streams 1 and on (the table carries stream 0's). */
  private static void printOtherStreams(RunReport report, ReportFormat format, PrintWriter out) {
    List<String> lines = report.result().socketLines();
    if (!format.allStreams() || lines.size() < 2) {
      return;
    }
    for (int i = 1; i < lines.size(); i++) {
      out.printf(Locale.ROOT, "local tcp (ss -ti, stream %d): %s%n", i, lines.get(i));
    }
    out.println();
  }

  /**
   * netperf's CPU columns from the hosts' CPU model: utilisation, and service demand per KB for the
   * stream tests or per transaction for TCP_RR ({@code calc_service_demand_trans}). A side not
   * asked for, without a CPU model, or whose demand has no value (nothing moved), prints as
   * netperf's -1.
   */
  static CpuColumns cpuColumns(RunReport report, ReportFormat format) {
    RunReport.HostReport local = hostNamed(report, "local");
    RunReport.HostReport remote = hostNamed(report, "remote");
    double transactions =
        NetperfResult.typed(report.result()) instanceof TestResult.TcpRr rr
            ? rr.transactionsPerSecond() * report.elapsedSeconds()
            : -1;
    // A host without a CPU model has no CPU figures: netperf's -1, as for a side not asked for.
    boolean localKnown = format.localCpu() && local != null && local.cpuModelled();
    boolean remoteKnown = format.remoteCpu() && remote != null && remote.cpuModelled();
    return new CpuColumns(
        localKnown ? local.cpuUtilization() : CpuColumns.NOT_MEASURED,
        remoteKnown ? remote.cpuUtilization() : CpuColumns.NOT_MEASURED,
        localKnown ? serviceDemand(local, transactions) : CpuColumns.NOT_MEASURED,
        remoteKnown ? serviceDemand(remote, transactions) : CpuColumns.NOT_MEASURED,
        // netperf on Linux measures with /proc/stat and prints S; here it is the CPU model.
        'S');
  }

  private static double serviceDemand(RunReport.HostReport host, double transactions) {
    if (host == null) {
      return CpuColumns.NOT_MEASURED;
    }
    double demand =
        transactions >= 0
            ? (transactions > 0 ? host.cpuBusyNs() / 1000.0 / transactions : Double.NaN)
            : host.serviceDemandUsPerKb();
    return Double.isNaN(demand) ? CpuColumns.NOT_MEASURED : demand;
  }

  private static RunReport.HostReport hostNamed(RunReport report, String name) {
    for (RunReport.HostReport host : report.hosts()) {
      if (host.name().equals(name)) {
        return host;
      }
    }
    return null;
  }

  /** TCP_RR's transactions per second, else the throughput in the chosen units. */
  private static double figureOfMerit(RunReport report, ThroughputUnits units) {
    if (NetperfResult.typed(report.result()) instanceof TestResult.TcpRr rr) {
      return rr.transactionsPerSecond();
    }
    return units.fromMegabits(report.throughputMbps());
  }

  /**
   * The bonds' and the switch's timeline, when anything happened after the test's start or LACP
   * ran: the changes a user watches {@code /proc/net/bonding} and the switch's log for.
   */
  private static void printTimeline(RunReport report, PrintWriter out) {
    List<RunReport.BondEventReport> events = report.bondEvents();
    boolean lacp = events.stream().anyMatch(e -> e.event().startsWith("lacp_"));
    boolean during = events.stream().anyMatch(e -> e.timeSeconds() > 0);
    if (!lacp && !during) {
      return;
    }
    out.println("bond events (s from the test's start; negative: before it):");
    for (RunReport.BondEventReport event : events) {
      out.printf(
          Locale.ROOT,
          "  %9s  %-8s %-10s %s%n",
          seconds(event.timeSeconds()),
          event.host(),
          event.slave().isEmpty() ? "-" : event.slave(),
          event.event());
    }
  }

  private static void printFrames(RunReport report, PrintWriter out) {
    RunReport.FrameAccount frames = report.frames();
    out.printf(
        Locale.ROOT,
        "frames: %d handed to slaves%s = %d reached a NIC + %d dropped on the way%s + %d in"
            + " flight at the end%s%n",
        frames.sent(),
        frames.duplicated() > 0
            ? " + "
                + frames.duplicated()
                + (report.switchReport() == null
                    ? " duplicated by netem"
                    : frames.lacpdusAtSwitch() > 0
                        ? " copied or sent by the switch (floods, LACPDUs, netem)"
                        : " copied (switch floods, netem)")
            : "",
        frames.arrived(),
        frames.droppedOnTheWay(),
        frames.lacpdusAtSwitch() > 0
            ? " + " + frames.lacpdusAtSwitch() + " LACPDUs taken by the switch"
            : "",
        frames.inFlight(),
        frames.noSlave() > 0 ? "; " + frames.noSlave() + " dropped for want of a slave" : "");
    out.printf(
        Locale.ROOT,
        "        %d reached a NIC = %d handed to the stack%s + %d dropped at the receiver%s + %d in"
            + " receive paths at the end%n",
        frames.arrived(),
        frames.toStack(),
        frames.lacpdusToBonding() > 0
            ? " + " + frames.lacpdusToBonding() + " LACPDUs taken by bonding"
            : "",
        frames.droppedAtReceiverTotal(),
        frames.droppedAtReceiver().isEmpty()
            ? ""
            : " " + describeDrops(frames.droppedAtReceiver()).trim(),
        frames.inReceiver());
  }

  private static String describeDrops(Map<String, Long> drops) {
    if (drops.isEmpty()) {
      return "";
    }
    return drops.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" ", " (", ")"));
  }

  private static void printReordering(
      String where, String unit, ReorderingStats r, PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "%s: %d %s, %d reordered, ratio %.6f, extent max %d mean %.2f, %d duplicates%n",
        where,
        r.received(),
        unit,
        r.reordered(),
        r.reorderedRatio(),
        r.maxExtent(),
        r.meanExtent(),
        r.duplicates());
    StringBuilder n = new StringBuilder("  n-reordering:");
    for (int i = 0; i < r.nReordered().length; i++) {
      n.append(' ').append(i + 1).append('=').append(r.nReordered()[i]);
    }
    out.println(n);
    StringBuilder density =
        new StringBuilder(
            String.format(
                Locale.ROOT, "  reorder density (RFC 5236, DT %d):", r.densityThreshold()));
    for (int d = -r.densityThreshold(); d <= r.densityThreshold(); d++) {
      double value = r.densityAt(d);
      if (value > 0) {
        density.append(String.format(Locale.ROOT, " D=%d:%.6f", d, value));
      }
    }
    if (r.beyondThreshold() > 0) {
      density.append(" beyond DT: ").append(r.beyondThreshold());
    }
    out.println(density);
  }

  /**
   * Seconds from the test's start to the millisecond. Something done while the hosts set up (the
   * first active slave, chosen at enslaving) lies microseconds before the start; it prints as 0,
   * not as "-0.000".
   */
  private static String seconds(double atSeconds) {
    String text = String.format(Locale.ROOT, "%.3f", atSeconds);
    return text.equals("-0.000") ? "0.000" : text;
  }

  /**
   * What follows the tables when asked for: the captures written, each host's {@code nstat -az},
   * each host's {@code /proc/net/bonding/bond0}.
   *
   * @param out where to print
   * @param report the run
   * @param captured frames per capture file, empty without {@code --pcap}
   * @param pcap the capture directory, or null
   * @param nstat whether {@code --nstat} asked
   * @param procNetBondingKernel the hosts' kernel with {@code --proc-net-bonding}, else null
   */
  static void printAfterTables(
      PrintWriter out,
      RunReport report,
      java.util.Map<String, Long> captured,
      java.nio.file.Path pcap,
      boolean nstat,
      org.bondsim.api.KernelVersion procNetBondingKernel) {
    if (!captured.isEmpty()) {
      out.println();
      out.println(
          "captures in "
              + pcap
              + ": "
              + captured.entrySet().stream()
                  .map(e -> e.getKey() + ".pcap " + e.getValue() + " frames")
                  .collect(java.util.stream.Collectors.joining(", ")));
    }
    if (nstat) {
      for (String host : report.result().allCounters().keySet()) {
        out.println();
        out.println(host + " host: nstat -az");
        out.print(NstatReport.render(report, host));
      }
    }
    if (procNetBondingKernel != null) {
      for (RunReport.BondState bond : report.bonds()) {
        out.println();
        out.println(bond.host() + " host: cat /proc/net/bonding/bond0");
        out.print(ProcNetBonding.render(report, bond, procNetBondingKernel));
      }
    }
  }
}
