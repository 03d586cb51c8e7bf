package org.bondsim.cli;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.bondsim.core.scenario.RunReport;

/**
 * What the GRO experiment's post says of its rows and of tcp_reordering, checked against one
 * set-up's runs: the four rows within the bounds (throughput 25 %, sender CPU and service demand 35
 * %), GRO at least 1.3× faster at MTU 1500, at MTU 9000 a throughput change under 10 % with a lower
 * service demand; and, where the set-up has a sweep, tcp_reordering raising GRO off by at least 10
 * % (yet below GRO on) while changing GRO on by under 5 %.
 *
 * @param figuresWithin of the 12 figures, those within the bounds
 * @param groGain MTU 1500 throughput with GRO on over GRO off
 * @param jumboChangePercent MTU 9000 throughput change from GRO off to on, in percent
 * @param jumboDemandFalls the sender's service demand at MTU 9000 is lower with GRO on
 * @param sweep the sweep's figures with the metrics flushed before each point, or null for a set-up
 *     without one
 * @param keptSweep the same with the metrics kept from point to point, or null
 */
record GroVerdict(
    int figuresWithin,
    double groGain,
    double jumboChangePercent,
    boolean jumboDemandFalls,
    Sweep sweep,
    Sweep keptSweep) {

  /**
   * The tcp_reordering sweep at MTU 1500.
   *
   * @param offAtThree GRO off at tcp_reordering 3, Mbit/s
   * @param offBest the fastest GRO-off point, Mbit/s
   * @param offBestLevel its tcp_reordering
   * @param onAtThree GRO on at tcp_reordering 3, Mbit/s
   * @param onSpreadPercent the GRO-on points' range over their slowest, in percent
   */
  record Sweep(
      double offAtThree,
      double offBest,
      int offBestLevel,
      double onAtThree,
      double onSpreadPercent) {
    double offGainPercent() {
      return 100 * (offBest - offAtThree) / offAtThree;
    }

    boolean asObserved() {
      return offGainPercent() >= 10 && offBest < onAtThree && onSpreadPercent < 5;
    }

    /** One sentence on the sweep against the post's two remarks. */
    String describe(String name, String metrics) {
      return String.format(
          Locale.ROOT,
          "%s's tcp_reordering sweep, metrics %s, %s the post: with GRO off the best point (%d:"
              + " %.0f Mbit/s) is %+.1f %% over tcp_reordering 3 (the post: it helps, but less"
              + " than GRO; bound: at least +10 %% and below GRO on's %.0f), with GRO on the"
              + " points span %.1f %% (the post: negligible; bound: under 5 %%).",
          name,
          metrics,
          asObserved() ? "matches" : "does not match",
          offBestLevel,
          offBest,
          offGainPercent(),
          onAtThree,
          onSpreadPercent);
    }
  }

  /** True when the rows meet every bound and every relation the post reports. */
  boolean explainsRows() {
    return figuresWithin == 3 * ReproduceCommand.MEASURED.size()
        && groGain >= 1.3
        && Math.abs(jumboChangePercent) < 10
        && jumboDemandFalls;
  }

  static GroVerdict of(GroReproduceJson.SetupRuns runs, int[] levels)
      throws InterruptedException, ExecutionException {
    // MEASURED's order: MTU 1500 GRO off, on; MTU 9000 GRO off, on.
    List<Future<RunReport>> rows = runs.rows();
    RunReport off1500 = rows.get(0).get();
    RunReport on1500 = rows.get(1).get();
    RunReport off9000 = rows.get(2).get();
    RunReport on9000 = rows.get(3).get();
    return new GroVerdict(
        figuresWithinBounds(runs),
        on1500.throughputMbps() / off1500.throughputMbps(),
        100 * (on9000.throughputMbps() - off9000.throughputMbps()) / off9000.throughputMbps(),
        on9000.local().serviceDemandUsPerKb() < off9000.local().serviceDemandUsPerKb(),
        sweepOf(runs.sweep(), levels),
        sweepOf(runs.keptSweep(), levels));
  }

  /** A sweep's figures: GRO off's points, then GRO on's, in the levels' order; null for none. */
  private static Sweep sweepOf(List<Future<RunReport>> points, int[] levels)
      throws InterruptedException, ExecutionException {
    if (points.isEmpty()) {
      return null;
    }
    // levels[0] is tcp_reordering 3, the experiment's setting: the base each gain is taken from.
    double offBest = -1;
    int offBestLevel = 0;
    double onMin = Double.MAX_VALUE;
    double onMax = 0;
    for (int j = 0; j < levels.length; j++) {
      double off = points.get(j).get().throughputMbps();
      if (off > offBest) {
        offBest = off;
        offBestLevel = levels[j];
      }
      double on = points.get(levels.length + j).get().throughputMbps();
      onMin = Math.min(onMin, on);
      onMax = Math.max(onMax, on);
    }
    return new Sweep(
        points.get(0).get().throughputMbps(),
        offBest,
        offBestLevel,
        points.get(levels.length).get().throughputMbps(),
        100 * (onMax - onMin) / onMin);
  }

  /**
   * Counts a set-up's figures within the GRO issue's bounds: throughput within 25 %, sender CPU and
   * service demand within 35 %, for each of the four rows.
   *
   * @param runs the set-up's runs
   * @return 0 to 12
   */
  private static int figuresWithinBounds(GroReproduceJson.SetupRuns runs)
      throws InterruptedException, ExecutionException {
    int within = 0;
    for (int i = 0; i < ReproduceCommand.MEASURED.size(); i++) {
      ReproduceCommand.Row row = ReproduceCommand.MEASURED.get(i);
      RunReport report = runs.rows().get(i).get();
      RunReport.HostReport local = report.local();
      within += Math.abs(ReproduceCommand.error(report.throughputMbps(), row.mbps())) <= 25 ? 1 : 0;
      within +=
          Math.abs(ReproduceCommand.error(local.cpuUtilization(), row.cpuPercent())) <= 35 ? 1 : 0;
      within +=
          Math.abs(ReproduceCommand.error(local.serviceDemandUsPerKb(), row.serviceDemand())) <= 35
              ? 1
              : 0;
    }
    return within;
  }

  /** Two lines saying how the rows and the sweep compare with the post. */
  String describe(String name) {
    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            Locale.ROOT,
            "%s %s the four rows: %d of 12 figures within the bounds, GRO on %.2fx GRO off at MTU"
                + " 1500 (at least 1.3), GRO changes MTU 9000 throughput by %+.1f %% (under 10)"
                + " and %s the sender's service demand.",
            name,
            explainsRows() ? "explains" : "does not explain",
            figuresWithin,
            groGain,
            jumboChangePercent,
            jumboDemandFalls ? "lowers" : "does not lower"));
    if (sweep != null) {
      text.append(String.format(Locale.ROOT, "%n")).append(sweep.describe(name, "flushed"));
    }
    if (keptSweep != null) {
      text.append(String.format(Locale.ROOT, "%n")).append(keptSweep.describe(name, "kept"));
    }
    return text.toString();
  }
}
