package org.bondsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.scenario.RunReport;

/**
 * {@code bondsim reproduce gro-reordering --json}: every row and every point of the tcp_reordering
 * sweep with the {@code ./bondsim netperf} line that produces it, in the experiment's netperf words
 * ({@code -c -4 -t TCP_STREAM -H host -- -m 1472}) plus bondsim's options. The costs are written
 * out in full ({@code --cpu-costs}), so a line reproduces its number even when the named profile
 * and the fit part ways.
 */
final class GroReproduceJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private GroReproduceJson() {}

  /** One set-up: its name, its description and its four rows' runs. */
  record SetupRuns(
      String name,
      String description,
      ReproduceCommand.Setup setup,
      List<Future<RunReport>> rows,
      List<Future<RunReport>> sweep,
      List<Future<RunReport>> keptSweep) {}

  static void print(
      PrintWriter out,
      double factor,
      double fittedDemand,
      CpuCosts costs,
      List<SetupRuns> setups,
      int[] levels,
      List<String> command)
      throws InterruptedException, ExecutionException {
    ObjectNode root = MAPPER.createObjectNode();
    JsonEnvelope.write(root, command);
    ObjectNode fit = root.putObject("fit");
    fit.put("factor", factor);
    fit.put("row", "MTU 9000, GRO off, set-up A: sender service demand");
    fit.put("measured_sender_sd_us_per_kb", ReproduceCommand.MEASURED.get(2).serviceDemand());
    fit.put("simulated_sender_sd_us_per_kb", fittedDemand);
    ArrayNode list = root.putArray("setups");
    for (SetupRuns runs : setups) {
      ObjectNode node = list.addObject();
      node.put("name", runs.name());
      node.put("description", runs.description());
      // True only for a set-up whose four rows all meet the GRO issue's bounds (throughput within
      // 25 %, sender CPU and service demand within 35 %) and the relations the post reports
      // between them (GroVerdict.explainsRows); the sweep is judged apart.
      GroVerdict verdict = GroVerdict.of(runs, levels);
      int within = verdict.figuresWithin();
      boolean explains = verdict.explainsRows();
      ArrayNode rows = node.putArray("rows");
      for (int i = 0; i < ReproduceCommand.MEASURED.size(); i++) {
        ReproduceCommand.Row row = ReproduceCommand.MEASURED.get(i);
        RunReport report = runs.rows().get(i).get();
        RunReport.HostReport local = report.local();
        ObjectNode r = rows.addObject();
        r.put("mtu", row.mtu());
        r.put("gro", row.gro());
        r.put("measured_mbps", row.mbps());
        r.put("simulated_mbps", report.throughputMbps());
        r.put("measured_sender_cpu_percent", row.cpuPercent());
        r.put("simulated_sender_cpu_percent", local.cpuUtilization());
        r.put("measured_sender_sd_us_per_kb", row.serviceDemand());
        r.put("simulated_sender_sd_us_per_kb", local.serviceDemandUsPerKb());
        r.put("command", command(row.mtu(), row.gro(), 3, runs.setup(), costs));
      }
      node.put("explains", explains);
      node.put("figures_within_bounds", within);
      ArrayNode sweep = node.putArray("tcp_reordering_sweep");
      for (int g = 0; g < 2 && !runs.sweep().isEmpty(); g++) {
        for (int j = 0; j < levels.length; j++) {
          ObjectNode point = sweep.addObject();
          point.put("gro", g == 1);
          point.put("tcp_reordering", levels[j]);
          point.put(
              "simulated_mbps", runs.sweep().get(g * levels.length + j).get().throughputMbps());
          point.put("command", command(1500, g == 1, levels[j], runs.setup(), costs));
        }
      }
      ArrayNode kept = node.putArray("tcp_reordering_sweep_kept");
      for (int index = 0; index < runs.keptSweep().size(); index++) {
        boolean gro = index >= levels.length;
        int level = levels[index % levels.length];
        String start = KeptMetricsSweep.startEntry(runs.keptSweep(), levels.length, index);
        ObjectNode point = kept.addObject();
        point.put("gro", gro);
        point.put("tcp_reordering", level);
        point.put("tcp_metrics_at_start", start);
        point.put(
            "reordering_at_start", KeptMetricsSweep.startLevel(runs.keptSweep(), levels, index));
        point.put("simulated_mbps", runs.keptSweep().get(index).get().throughputMbps());
        point.put("command", command(1500, gro, level, runs.setup(), costs, start));
      }
    }
    try {
      out.println(MAPPER.writeValueAsString(root));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The set-up's ethtool commands as options, each quoted. */
  private static String ethtoolWords(ReproduceCommand.Setup setup) {
    StringBuilder words = new StringBuilder();
    for (String command : setup.ethtool()) {
      words.append(" --ethtool \"").append(command).append('"');
    }
    return words.toString();
  }

  /**
   * The netperf line of one run of {@link ReproduceCommand#scenario}, in the experiment's words.
   *
   * @param mtu 1500 or 9000
   * @param gro GRO on the receiver
   * @param reordering net.ipv4.tcp_reordering
   * @param setup the set-up
   * @param costs the fitted costs, written out
   * @return the command line
   */
  static String command(
      int mtu, boolean gro, int reordering, ReproduceCommand.Setup setup, CpuCosts costs) {
    return command(mtu, gro, reordering, setup, costs, null);
  }

  /**
   * The same, for a run that starts from the sending host's per-destination TCP metrics.
   *
   * @param metrics {@code --tcp-metrics}'s entry or {@code flush}, or null for none
   */
  static String command(
      int mtu,
      boolean gro,
      int reordering,
      ReproduceCommand.Setup setup,
      CpuCosts costs,
      String metrics) {
    String line =
        String.format(
            Locale.ROOT,
            "./bondsim netperf -c -C -4 -t TCP_STREAM -l 10 -H host --host-profile reference-2.6.37"
                + " --cpu-costs \"%s\" --bond \"mode"
                + " balance-rr\" --slaves 3x1000 --delay-us 20%s%s --receiver \"gro %s adaptive-rx"
                + " on irq-cpus %s\" --cpus %d%s --sysctl net.ipv4.tcp_reordering=%d -- -m"
                + " %d",
            costs.words(),
            mtu == 1500 ? "" : " --mtu " + mtu,
            ethtoolWords(setup),
            gro ? "on" : "off",
            setup.irqCpus(),
            ReproduceCommand.CPUS,
            setup.netserverCpu() < 0 ? "" : " -T ," + setup.netserverCpu(),
            reordering,
            mtu == 1500 ? 1472 : 9872);
    if (metrics == null) {
      return line;
    }
    int options = line.indexOf(" -- -m");
    return line.substring(0, options)
        + " --tcp-metrics \""
        + metrics
        + "\""
        + line.substring(options);
  }
}
