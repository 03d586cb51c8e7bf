package org.bondsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.tcp.TcpMetrics;

/**
 * The GRO experiment's tcp_reordering sweep as a sweep run back to back on one pair of hosts would
 * be, nobody flushing the route cache between points: each point's connection starts from the
 * per-destination metrics the previous point's left ({@code --tcp-metrics}), the first from an
 * empty cache. 2.6.37's {@code tcp_init_metrics} then replaces the sysctl's level by the saved one,
 * so only the first point tests its sysctl. The points run in the sweep's order, one after another
 * for GRO off and again for GRO on; each point's command carries the entry it starts from, so it
 * prints its number when run alone.
 */
final class KeptMetricsSweep {
  private KeptMetricsSweep() {}

  /**
   * Starts both chains (GRO off, then GRO on) on the pool.
   *
   * @return each point's run, GRO off's levels then GRO on's, in the sweep's order
   */
  static List<Future<RunReport>> submit(
      ExecutorService pool,
      ScenarioRunner runner,
      CpuCosts costs,
      ReproduceCommand.Setup setup,
      int[] levels,
      Progress progress) {
    List<Future<RunReport>> points = new ArrayList<>();
    for (boolean gro : new boolean[] {false, true}) {
      List<CompletableFuture<RunReport>> chain = new ArrayList<>();
      for (int ignored : levels) {
        chain.add(new CompletableFuture<>());
      }
      points.addAll(chain);
      pool.submit(
          () -> {
            String entry = "flush";
            for (int j = 0; j < levels.length; j++) {
              try {
                RunReport report =
                    runner.run(
                        ReproduceCommand.scenario(1500, gro, levels[j], costs, setup, entry));
                progress.runDone(0);
                chain.get(j).complete(report);
                entry = report.result().tcpMetrics().orElseThrow();
              } catch (RuntimeException | Error e) {
                chain.subList(j, chain.size()).forEach(f -> f.completeExceptionally(e));
                return;
              }
            }
          });
    }
    return points;
  }

  /**
   * The entry point {@code index} of the sweep started from: the previous point's, or {@code flush}
   * for the first of each chain.
   */
  static String startEntry(List<Future<RunReport>> points, int levels, int index)
      throws InterruptedException, ExecutionException {
    return index % levels == 0
        ? "flush"
        : points.get(index - 1).get().result().tcpMetrics().orElseThrow();
  }

  /** The reordering level point {@code index} started at: the saved one, or the sysctl's. */
  static int startLevel(List<Future<RunReport>> points, int[] levels, int index)
      throws InterruptedException, ExecutionException {
    int saved = TcpMetrics.parse(startEntry(points, levels.length, index)).reordering();
    return saved > 0 ? saved : levels[index % levels.length];
  }
}
