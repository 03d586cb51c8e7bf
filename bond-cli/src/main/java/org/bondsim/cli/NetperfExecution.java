package org.bondsim.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.bondsim.api.KernelVersion;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.capture.Captures;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.RunHooks;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.TimeSeries;
import picocli.CommandLine;

/**
 * What {@code bondsim netperf} does with a parsed line: the run with its progress, interim lines,
 * series and captures, then the report, text or JSON. {@link NetperfCommand} holds the options.
 */
final class NetperfExecution {
  private final NetperfCommand c;
  private final CommandLine commandLine;

  NetperfExecution(NetperfCommand command, CommandLine commandLine) {
    this.c = command;
    this.commandLine = commandLine;
  }

  /** Runs the line: checks, the simulation, then its report (text or JSON) and files. */
  Integer call() {
    NetperfRun run = NetperfRun.from(c);
    ScenarioRunner runner = new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load());
    PrintWriter err = commandLine.getErr();
    // What Linux would log while taking the bond's settings (a rounded updelay, …).
    run.warnings().forEach(w -> err.println("bondsim: warning: " + w));
    runner.resolve(run.scenario()).warnings().forEach(w -> err.println("bondsim: warning: " + w));
    // Checked now; said once the run has started, so that a refusal stays one line.
    List<String> notes = PastedWords.notes(c);
    Progress progress = Progress.on(err);
    OutputFiles.check(c);
    TimeSeries timeSeries = null;
    long demoNs = c.demo == null ? 0 : InterimSpool.demoInterval(c.demo);
    if (demoNs > 0 && c.series != null) {
      throw new IllegalArgumentException(
          "-D and --series both sample the run; allowed: one of them (--series has every column)");
    }
    // Both stream as the run goes, so a long run at a short interval keeps nothing in memory: -D's
    // intervals to a temporary file read back after the banner, --series straight to its file.
    try (InterimSpool spool = demoNs > 0 ? InterimSpool.open() : null;
        SeriesFile seriesFile = c.series != null ? SeriesFile.open(c.series) : null) {
      if (spool != null) {
        timeSeries = new TimeSeries(demoNs, spool);
      }
      if (seriesFile != null) {
        long intervalNs =
            c.interval == null ? 100_000_000L : ArgumentParsers.timeNs(c.interval, "--interval");
        if (intervalNs < 1000) {
          throw new IllegalArgumentException(
              "--interval must be at least 1us, got '" + c.interval + "'");
        }
        timeSeries = new TimeSeries(intervalNs, seriesFile);
      }
      return runAndReport(run, runner, progress, timeSeries, spool, seriesFile, demoNs, notes);
    }
  }

  private Integer runAndReport(
      NetperfRun run,
      ScenarioRunner runner,
      Progress progress,
      TimeSeries timeSeries,
      InterimSpool spool,
      SeriesFile seriesFile,
      long demoNs,
      List<String> notes) {
    PrintWriter out = commandLine.getOut();
    PrintWriter err = commandLine.getErr();
    RunReport report;
    Map<String, Long> captured = Map.of();
    if (c.pcap != null) {
      int snaplen =
          c.pcapSnaplen == null
              ? 0
              : (int) ArgumentParsers.whole("--pcap-snaplen", c.pcapSnaplen, 0, 262144, " bytes");
      try (Captures captures =
          new Captures(c.pcap, snaplen, ArgumentParsers.pcapStartNs(c.pcapStart))) {
        report = runner.run(run.scenario(), new RunHooks(progress, captures, timeSeries));
        captured = captures.frames();
      } catch (java.io.UncheckedIOException e) {
        // The user's directory, disk or limits: name them, as for any file the user gave.
        throw new IllegalArgumentException(
            "--pcap "
                + c.pcap
                + ": "
                + e.getMessage()
                + " ("
                + SeriesFile.reason(e.getCause())
                + ")");
      }
    } else {
      report = runner.run(run.scenario(), new RunHooks(progress, null, timeSeries));
    }
    progress.done();
    notes.forEach(note -> err.println("bondsim: note: " + note));
    if (seriesFile != null) {
      seriesFile.finish();
      if (c.plot != null) {
        SeriesPlot.draw(
            c.series,
            c.plot,
            String.format(
                java.util.Locale.ROOT,
                "%s over %s, %d slaves: goodput and what each slave sent",
                report.test(),
                report.mode(),
                report.slaves().size()));
      }
    }
    java.util.Optional<String> failure = report.result().failure();
    if (failure.isPresent()) {
      // As netperf when it cannot connect: no table, one line, a failing status (text and JSON).
      err.println("bondsim: netperf: " + report.test() + ": " + failure.get());
      return 1;
    }
    KernelVersion kernel = run.scenario().host().kernel();
    if (c.json) {
      out.println(
          JsonReport.toJson(
              report,
              commandLine.getParseResult().originalArgs(),
              c.procNetBonding ? kernel : null));
    } else {
      TextReport.print(
          report,
          run.format(),
          out,
          spool != null ? TextReport.interimLines(report, run.format(), spool, demoNs) : List.of());
      TextReport.printAfterTables(
          out, report, captured, c.pcap, c.nstat, c.procNetBonding ? kernel : null);
    }
    return 0;
  }
}
