package org.bondsim.cli.study;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bondsim.api.DropReason;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.netperf.NetperfResult;
import org.bondsim.netperf.TestResult;
import org.bondsim.tcp.TcpCounters;

/**
 * One run of a sweep as a row of its tidy table: which run, its axis values and seed, and every
 * figure it reports under a fixed set of columns. A figure the run has no value for (latency in a
 * stream test, CPU without a CPU model, a connection that never opened) is {@code null}: an empty
 * CSV cell, a JSON {@code null}, never a plausible number.
 *
 * @param index the run's index in the grid
 * @param axisValues the point's value per axis, in axis order
 * @param seed the seed
 * @param figures column name to a {@link Number}, a {@link String} or {@code null}, in {@link
 *     #FIGURES} order
 */
public record RunRow(int index, List<String> axisValues, long seed, Map<String, Object> figures)
    implements java.io.Serializable {
  /** The host names the counter columns carry, as the run reports them. */
  static final List<String> HOSTS = List.of("local", "remote");

  /** Every figure column, in order; the same for every run of every sweep. */
  public static final List<String> FIGURES = figureColumns();

  /**
   * Freezes the row.
   *
   * @param index index
   * @param axisValues axisValues
   * @param seed seed
   * @param figures figures
   */
  public RunRow {
    axisValues = List.copyOf(axisValues);
    Map<String, Object> copy = new LinkedHashMap<>();
    // A figure the run could not compute (a ratio over nothing) is unknown, not NaN.
    figures.forEach(
        (name, value) ->
            copy.put(name, value instanceof Double d && !Double.isFinite(d) ? null : value));
    figures = Collections.unmodifiableMap(copy);
  }

  /**
   * Returns a figure as a number.
   *
   * @param name a column of {@link #FIGURES}
   * @return the value, or NaN when the run has none
   */
  public double value(String name) {
    Object v = figures.get(name);
    return v instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  /**
   * Whether a column holds numbers (every figure but {@code test} and {@code failure}).
   *
   * @param name the column
   * @return true for a numeric figure
   */
  public static boolean numeric(String name) {
    return FIGURES.contains(name) && !name.equals("test") && !name.equals("failure");
  }

  private static List<String> figureColumns() {
    List<String> c = new ArrayList<>();
    c.add("test");
    c.add("failure");
    c.add("throughput_mbps");
    c.add("transactions_per_s");
    c.add("transactions_per_s_summed");
    c.add("mean_latency_us");
    c.add("p50_latency_us");
    c.add("p90_latency_us");
    c.add("p99_latency_us");
    c.add("cwnd");
    c.add("srtt_us");
    c.add("reordering");
    c.add("retrans");
    c.add("reordered_ratio_wire");
    c.add("reordered_ratio_tcp");
    c.add("cpu_local_percent");
    c.add("cpu_remote_percent");
    for (DropReason reason : DropReason.values()) {
      c.add("drops_" + reason.counterName());
    }
    c.add("drops_switch");
    for (String host : HOSTS) {
      for (String counter : new TcpCounters().all().keySet()) {
        c.add(host + "." + counter);
      }
    }
    return List.copyOf(c);
  }

  /**
   * Reads a run's report into a row.
   *
   * @param run the run
   * @param report its report
   * @return the row
   */
  static RunRow of(Grid.Run run, RunReport report) {
    Map<String, Object> f = new LinkedHashMap<>();
    for (String name : FIGURES) {
      f.put(name, null);
    }
    f.put("test", report.test());
    String failure = report.result().failure().orElse(null);
    f.put("failure", failure);
    if (failure == null) {
      measured(f, report);
    }
    return new RunRow(run.index(), run.point().values(), run.seed(), f);
  }

  private static void measured(Map<String, Object> f, RunReport report) {
    TestResult result = NetperfResult.typed(report.result());
    if (result instanceof TestResult.TcpRr rr) {
      Map<String, Object> fields = rr.fields();
      for (String name :
          List.of(
              "transactions_per_s",
              "transactions_per_s_summed",
              "mean_latency_us",
              "p50_latency_us",
              "p90_latency_us",
              "p99_latency_us")) {
        f.put(name, fields.get(name));
      }
    } else {
      f.put("throughput_mbps", report.throughputMbps());
    }
    if (result instanceof TestResult.TcpStream stream) {
      TestResult.TcpInfo info = stream.connection();
      f.put("cwnd", info.cwnd());
      f.put("srtt_us", info.srttUs());
      f.put("reordering", info.reordering());
      f.put("retrans", info.retrans());
    }
    f.put("reordered_ratio_wire", report.reordering().reorderedRatio());
    f.put("reordered_ratio_tcp", report.reorderingAtTcp().reorderedRatio());
    if (report.local().cpuModelled()) {
      f.put("cpu_local_percent", report.local().cpuUtilization());
    }
    if (report.remote().cpuModelled()) {
      f.put("cpu_remote_percent", report.remote().cpuUtilization());
    }
    for (DropReason reason : DropReason.values()) {
      long total = 0;
      for (RunReport.SlaveReport slave : report.slaves()) {
        total += slave.drops().getOrDefault(reason.counterName(), 0L);
      }
      f.put("drops_" + reason.counterName(), total);
    }
    if (report.switchReport() != null) {
      long total = 0;
      for (RunReport.SwitchPortReport port : report.switchReport().ports()) {
        total += port.drops();
      }
      f.put("drops_switch", total);
    }
    Map<String, Map<String, Long>> counters = report.result().allCounters();
    for (String host : HOSTS) {
      Map<String, Long> values = counters.get(host);
      if (values == null) {
        continue;
      }
      values.forEach(
          (name, value) -> {
            String column = host + "." + name;
            if (f.containsKey(column)) {
              f.put(column, value);
            }
          });
    }
  }
}
