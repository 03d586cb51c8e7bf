package org.bondsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.bondsim.netperf.NetperfResult;
import org.bondsim.netperf.TestResult;

/**
 * {@code bondsim reproduce tlb-dynamic-lb}: 200 TCP_RR instances for 60 s over a 4×1G balance-tlb
 * bond with layer3+4 hashing, tlb_dynamic_lb 1 and 0, beside the measurement (109 250 and 113 752
 * transactions/s for {@code -r 1,1024}; {@code -r 81920,81920} was not measured).
 *
 * <p>The measurement is modelled: the experiment launched 200 netperf processes one after another
 * and added up their results. Each instance here starts {@link #STAGGER_NS} after the one before
 * and times its own 60 s window; the report gives the summed rate (what the experiment printed) and
 * the aggregate over the interval all 200 were timing.
 *
 * <p>The hosts are cabled through a learning switch, as balance-tlb needs, so each receives on its
 * active slave only. The bond transmits as Linux 3.16 did ({@code xmit_hash_formula 3.16}); the
 * hosts are the {@code reference-2014} profile (16 CPUs, an igb NIC with 8 RSS queues per port, the
 * CPU costs borrowed from the GRO experiment, Linux 3.16 TCP); 10 µs per host-to-switch cable and a
 * switch buffer of 1000 frames per port are assumptions. Nothing here is fitted.
 */
final class TlbDynamicLbExperiment {
  record Row(int dynamic, int request, int response, double measuredTps) {}

  /**
   * The gap between two instances' starts: how long bash takes to launch one background process
   * ({@code for i in $(seq 200); do … & done}), measured on the machine this release was built on:
   * 1.02 to 1.20 ms per launch over three runs of 200. The experiment's launch method and machine
   * were not reported; a shell loop is the usual way to start 200 netperf instances.
   */
  static final long STAGGER_NS = 1_000_000L;

  private static final int INSTANCES = 200;

  /**
   * netperf's {@code -s 5} from the experiment's command line: each instance sleeps 5 s after
   * connecting before it starts timing. The bonds come up when the simulation starts, so they have
   * been up 5 s when the test begins. How long the real bonds had been up is not reported; it
   * matters with {@code tlb_dynamic_lb 1}, whose table {@code tlb_initialize} zeroes at every
   * {@code ip link set bond0 up} (see docs/tlb-experiment.md).
   */
  static final long WAIT_NS = 5_000_000_000L;

  static final List<Row> ROWS =
      List.of(
          new Row(1, 1, 1024, 109_250),
          new Row(0, 1, 1024, 113_752),
          new Row(1, 81920, 81920, Double.NaN),
          new Row(0, 81920, 81920, Double.NaN));

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private TlbDynamicLbExperiment() {}

  static void run(PrintWriter out, Progress progress, boolean json, List<String> command)
      throws InterruptedException, ExecutionException {
    ScenarioRunner runner = new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load());
    ExecutorService pool =
        Executors.newFixedThreadPool(
            // Every core: each row is its own deterministic run, collected in row order.
            Math.max(1, Runtime.getRuntime().availableProcessors()));
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
      if (json) {
        printJson(out, reports, command);
      } else {
        printTable(out, reports);
      }
    } finally {
      pool.shutdown();
    }
  }

  private static void printTable(PrintWriter out, List<Future<RunReport>> reports)
      throws InterruptedException, ExecutionException {
    out.println(
        "200 x TCP_RR, 60 s each after a 5 s wait (-s 5), instances started 1 ms apart,"
            + " balance-tlb 4x1G layer3+4 (xmit_hash_formula 3.16) through a switch,"
            + " host profile reference-2014 (16 CPUs, 8 RSS queues per port; Linux 3.16; 10 us per"
            + " cable)");
    out.println();
    out.println(
        "setting                     | trans/s meas  summed    err  aggregate | flow moves local"
            + " remote | reordered at TCP | retrans local remote | switch tail drops | busiest"
            + " local slave % | CPU % local remote");
    for (int i = 0; i < ROWS.size(); i++) {
      Row row = ROWS.get(i);
      RunReport report = reports.get(i).get();
      TestResult.TcpRr rr = (TestResult.TcpRr) NetperfResult.typed(report.result());
      Map<String, Long> local = report.result().counters().get("local");
      Map<String, Long> remote = report.result().counters().get("remote");
      out.printf(
          Locale.ROOT,
          "%-27s | %12s %7.0f %6s %10.0f | %17d %6d | %16.6f | %13d %6d | %17d | %21.1f | %11.1f"
              + " %6.1f%n",
          "tlb_dynamic_lb " + row.dynamic() + ", -r " + (row.request() == 1 ? "1,1024" : "80K"),
          Double.isNaN(row.measuredTps())
              ? "-"
              : String.format(Locale.ROOT, "%.0f", row.measuredTps()),
          rr.transactionsPerSecondSummed(),
          Double.isNaN(row.measuredTps())
              ? "-"
              : String.format(
                  Locale.ROOT,
                  "%+.0f%%",
                  ReproduceCommand.error(rr.transactionsPerSecondSummed(), row.measuredTps())),
          rr.transactionsPerSecond(),
          report.flowMoveCount("local"),
          report.flowMoveCount("remote"),
          report.reorderingAtTcp().reorderedRatio(),
          local.getOrDefault("TcpRetransSegs", 0L),
          remote.getOrDefault("TcpRetransSegs", 0L),
          tailDrops(report),
          busiestSlavePercent(report),
          report.local().cpuUtilization(),
          report.remote().cpuUtilization());
    }
  }

  /**
   * The local bond's busiest slave's share of the frames it sent, in percent: 25 is an even spread
   * over four slaves; with tlb_dynamic_lb 1 a freshly opened table sends every new stream to one
   * slave until the first rebalance (docs/tlb-experiment.md), which shows here.
   */
  private static double busiestSlavePercent(RunReport report) {
    long total = 0;
    long busiest = 0;
    for (RunReport.SlaveReport slave : report.slaves()) {
      total += slave.txPackets();
      busiest = Math.max(busiest, slave.txPackets());
    }
    return total == 0 ? 0 : 100.0 * busiest / total;
  }

  /** Frames the switch's egress buffers dropped, all ports. */
  private static long tailDrops(RunReport report) {
    return report.switchReport() == null
        ? 0
        : report.switchReport().ports().stream().mapToLong(RunReport.SwitchPortReport::drops).sum();
  }

  static void printJson(PrintWriter out, List<Future<RunReport>> reports, List<String> command)
      throws InterruptedException, ExecutionException {
    ObjectNode root = MAPPER.createObjectNode();
    JsonEnvelope.write(root, command);
    ArrayNode rows = root.putArray("rows");
    for (int i = 0; i < ROWS.size(); i++) {
      Row row = ROWS.get(i);
      TestResult.TcpRr rr = (TestResult.TcpRr) NetperfResult.typed(reports.get(i).get().result());
      ObjectNode node = rows.addObject();
      node.put("tlb_dynamic_lb", row.dynamic());
      node.put("request", row.request());
      node.put("response", row.response());
      if (Double.isNaN(row.measuredTps())) {
        node.putNull("measured_tps");
      } else {
        node.put("measured_tps", row.measuredTps());
      }
      node.put("simulated_summed_tps", rr.transactionsPerSecondSummed());
      if (Double.isNaN(rr.transactionsPerSecond())) {
        node.putNull("simulated_aggregate_tps");
      } else {
        node.put("simulated_aggregate_tps", rr.transactionsPerSecond());
      }
      node.put("command", command(row));
    }
    try {
      out.println(MAPPER.writeValueAsString(root));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The {@code ./bondsim netperf} line that runs one row alone: its {@code --json} carries the
   * summed rate as {@code transactions_per_s_summed} and the aggregate as {@code
   * transactions_per_s}.
   */
  static String command(Row row) {
    return "./bondsim netperf -t TCP_RR -l 60 -s 5 -H host --streams "
        + INSTANCES
        + " --stagger 1ms --host-profile reference-2014 --bond \"mode balance-tlb"
        + " xmit_hash_policy layer3+4 xmit_hash_formula 3.16 tlb_dynamic_lb "
        + row.dynamic()
        + "\" --slaves 4x1000 --delay-us 10 -- -r "
        + row.request()
        + ","
        + row.response();
  }

  private static Scenario scenario(Row row) {
    return Scenario.builder()
        .bond(
            "mode balance-tlb xmit_hash_policy layer3+4 xmit_hash_formula 3.16 tlb_dynamic_lb "
                + row.dynamic())
        .slaves(Collections.nCopies(4, new SlaveLinkSpec(1000, 10_000)))
        .duration(Duration.ofNanos(60_000_000_000L))
        .seed(1)
        .workload(
            new WorkloadSpec(
                    "TCP_RR",
                    List.of("-r", row.request() + "," + row.response()),
                    INSTANCES,
                    Map.of(),
                    WAIT_NS)
                .stagger(Duration.ofNanos(STAGGER_NS)))
        .host("reference-2014")
        .build();
  }
}
