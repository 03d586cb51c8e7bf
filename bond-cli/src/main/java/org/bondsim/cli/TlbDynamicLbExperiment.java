package org.bondsim.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bondsim.api.workload.TestResult;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;

/**
 * {@code bondsim reproduce tlb-dynamic-lb}: 200 concurrent TCP_RR streams for 60 s over a 4×1G
 * balance-tlb bond with layer3+4 hashing, tlb_dynamic_lb 1 and 0, beside the measurement (109 250
 * and 113 752 transactions/s for {@code -r 1,1024}; {@code -r 81920,81920} was not measured).
 *
 * <p>The hosts are cabled through a learning switch, as balance-tlb needs, so each receives on its
 * active slave only. Not reported, and so assumptions: current-kernel TCP ({@code --kernel 6.x}),
 * 10 µs per host-to-switch cable, two CPUs per host with the four slaves' interrupts alternating
 * between them and each stream's application on CPU {@code stream % 2}, GRO on with {@code rx-usecs
 * 50}, a switch buffer of 1000 frames per port, and the CPU cost profile {@code reference-2.6.37}
 * borrowed from the GRO experiment (nothing here is fitted).
 */
final class TlbDynamicLbExperiment {
  private record Row(int dynamic, int request, int response, double measuredTps) {}

  private static final List<Row> ROWS =
      List.of(
          new Row(1, 1, 1024, 109_250),
          new Row(0, 1, 1024, 113_752),
          new Row(1, 81920, 81920, Double.NaN),
          new Row(0, 81920, 81920, Double.NaN));

  private TlbDynamicLbExperiment() {}

  static void run(PrintWriter out, Progress progress)
      throws InterruptedException, ExecutionException {
    ScenarioRunner runner = new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load());
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<RunReport>> reports = new ArrayList<>();
      for (Row row : ROWS) {
        reports.add(
            pool.submit(
                () -> {
                  RunReport report = runner.run(scenario(row));
                  progress.runDone(ROWS.size());
                  return report;
                }));
      }
      out.println(
          "200 x TCP_RR, 60 s, balance-tlb 4x1G layer3+4 through a switch (assumptions: kernel"
              + " 6.x, 10 us per cable, 2 CPUs, IRQs 0,1,0,1, stream i on CPU i % 2, cost profile"
              + " reference-2.6.37)");
      out.println();
      out.println(
          "setting                     | trans/s meas     sim    err | flow moves local remote |"
              + " reordered ratio | retrans local remote | CPU % local remote");
      for (int i = 0; i < ROWS.size(); i++) {
        Row row = ROWS.get(i);
        RunReport report = reports.get(i).get();
        double tps = ((TestResult.TcpRr) report.result().figures()).transactionsPerSecond();
        Map<String, Long> local = report.result().counters().get("local");
        Map<String, Long> remote = report.result().counters().get("remote");
        out.printf(
            Locale.ROOT,
            "%-27s | %12s %8.0f %6s | %17d %6d | %15.6f | %13d %6d | %11.1f %6.1f%n",
            "tlb_dynamic_lb " + row.dynamic() + ", -r " + (row.request() == 1 ? "1,1024" : "80K"),
            Double.isNaN(row.measuredTps())
                ? "-"
                : String.format(Locale.ROOT, "%.0f", row.measuredTps()),
            tps,
            Double.isNaN(row.measuredTps())
                ? "-"
                : String.format(
                    Locale.ROOT, "%+.0f%%", ReproduceCommand.error(tps, row.measuredTps())),
            report.flowMoveCount("local"),
            report.flowMoveCount("remote"),
            report.reordering().reorderedRatio(),
            local.getOrDefault("TcpRetransSegs", 0L),
            remote.getOrDefault("TcpRetransSegs", 0L),
            report.local().cpuUtilization(),
            report.remote().cpuUtilization());
      }
    } finally {
      pool.shutdown();
    }
  }

  private static Scenario scenario(Row row) {
    return Scenario.builder()
        .bond("mode balance-tlb xmit_hash_policy layer3+4 tlb_dynamic_lb " + row.dynamic())
        .slaves(Collections.nCopies(4, new SlaveLinkSpec(1000, 10_000)))
        .duration(Duration.ofNanos(60_000_000_000L))
        .seed(1)
        .workload(
            new WorkloadSpec(
                "TCP_RR", List.of("-r", row.request() + "," + row.response()), 200, Map.of()))
        .host("tlb-lab")
        .build();
  }
}
