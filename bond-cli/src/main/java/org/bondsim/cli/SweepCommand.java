package org.bondsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.bondsim.cli.study.Axis;
import org.bondsim.cli.study.Grid;
import org.bondsim.cli.study.Seeds;
import org.bondsim.cli.study.Summary;
import org.bondsim.cli.study.Sweep;
import org.bondsim.cli.study.SweepOutput;
import org.bondsim.cli.study.SweepPlot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bondsim sweep}: a netperf line run over a grid of settings and seeds, on every core. */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a 'bondsim netperf' line at every point of a grid (every combination of the --vary"
          + " axes) and every seed, on every core, and writes a tidy table of the runs, a summary"
          + " per point (mean and 95 %% confidence interval over the seeds) and plots.",
      "Usage: bondsim sweep --out DIR [--vary NAME=VALUES]... [--seeds LIST] [--threads N]"
          + " [--plot FIGURE:AXIS[:AXIS]]... netperf ARGS",
      "An axis NAME is a netperf option (slaves, delay-us, streams, l), a sysctl"
          + " (net.ipv4.tcp_reordering), bond.NAME (an 'ip link' bond word), receiver.NAME or"
          + " sender.NAME (an ethtool word), module.NAME (a module parameter) or test.X (a"
          + " test-specific option after --). VALUES: a comma list, a colon list when values hold"
          + " commas (delay-us=20,25,30:20,60,100), A..B for every whole number between.",
      "DIR gets runs.csv and runs.jsonl (one row per run, written as runs finish, in run"
          + " order), summary.csv and the plots. Run it again with the same grid and DIR and it"
          + " runs only what is missing, also after a kill -9. The rows are the same whatever"
          + " --threads is.",
      "Exit status: 0 done, 1 a run failed to run, 2 a usage error (found before any run)."
    })
final class SweepCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--vary",
      paramLabel = "NAME=VALUES",
      description = "An axis of the grid. Repeatable; the first varies slowest.")
  List<String> vary = new ArrayList<>();

  @Option(
      names = "--seeds",
      defaultValue = "1",
      paramLabel = "LIST",
      description = "Seeds of every point: 1..10, 1-10 or 1,5,9. Default: ${DEFAULT-VALUE}.")
  String seeds;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Runs at once. Default: every core (availableProcessors).")
  String threads;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where files go.")
  Path out;

  @Option(
      names = "--plot",
      paramLabel = "FIGURE:AXIS[:AXIS]",
      description =
          "Draw FIGURE (a numeric column of runs.csv) against the first AXIS, a line per value of"
              + " the second, as FIGURE-by-AXIS[-per-AXIS].png and .svg. Repeatable.")
  List<String> plots = new ArrayList<>();

  @Parameters(
      arity = "1..*",
      paramLabel = "netperf ARGS",
      description = "The word netperf and a 'bondsim netperf' command line.")
  List<String> command = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    List<String> netperf =
        NetperfLine.afterWordNetperf(
            command, "sweep --out DIR [--vary NAME=VALUES]... netperf ARGS");
    int cores = Runtime.getRuntime().availableProcessors();
    int threadCount =
        threads == null
            ? cores
            : (int) ArgumentParsers.whole("--threads", threads, 1, 1024, " threads");
    List<Axis> axes = new ArrayList<>();
    for (String spec : vary) {
      axes.add(Axis.parse(spec));
    }
    Grid grid = new Grid(netperf, axes, Seeds.parse(seeds, "--seeds"));
    List<SweepPlot> pictures = new ArrayList<>();
    for (String plot : plots) {
      pictures.add(SweepPlot.parse(plot, grid));
    }
    grid.validate();
    if (out.toString().isEmpty()) {
      throw new IllegalArgumentException("--out needs a directory, got ''");
    }
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter stdout = spec.commandLine().getOut();
    List<Summary.Row> summary;
    int resumed;
    try (SweepOutput output = SweepOutput.open(out, grid);
        SweepProgress progress = SweepProgress.on(grid.runCount(), output.done())) {
      resumed = output.done();
      new Sweep(grid)
          .threads(threadCount)
          .run(output.done(), output::append, (done, total) -> progress.stepTo(done));
      summary = Summary.of(grid, output.rows());
    } catch (java.io.UncheckedIOException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    Files.writeString(out.resolve("summary.csv"), Summary.csv(grid, summary));
    List<Path> drawn = new ArrayList<>();
    for (SweepPlot picture : pictures) {
      drawn.addAll(picture.draw(out, grid, summary));
    }
    stdout.printf(
        java.util.Locale.ROOT,
        "sweep: %d runs (%d points x %d seeds) on %d threads%s in %s%n",
        grid.runCount(),
        grid.pointCount(),
        grid.seeds().size(),
        threadCount,
        resumed > 0 ? ", " + resumed + " of them from an earlier session" : "",
        out);
    stdout.println("  runs.csv, runs.jsonl: one row per run; summary.csv: mean and 95 % CI");
    for (Path file : drawn) {
      stdout.println("  " + file.getFileName());
    }
    err.flush();
    return 0;
  }
}
