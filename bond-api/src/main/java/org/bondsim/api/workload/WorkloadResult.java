package org.bondsim.api.workload;

import java.util.List;
import java.util.Map;

/**
 * What a test measured: its figure of merit, its own table, its figures by name and its counters
 * per host, named as {@code nstat} names them. Nothing here is netperf's: netperf's typed figures
 * and CPU columns live in its own module.
 */
public interface WorkloadResult {
  /**
   * Returns the test name.
   *
   * @return such as {@code TCP_STREAM}
   */
  String test();

  /**
   * Returns the payload throughput the receiving side saw.
   *
   * @return 10^6 bit/s
   */
  double throughputMbps();

  /**
   * Returns the test's own result table as its tool prints it (for netperf's tests, netperf's
   * table; netperf's CPU columns are netperf's own type, in its module).
   *
   * @param unitLabel the throughput column's unit, such as {@code 10^6bits/sec}
   * @param bitsPerUnit bits per second in one unit of that column
   * @return the table, lines separated by newlines, ending with a blank line
   */
  String table(String unitLabel, double bitsPerUnit);

  /**
   * Returns what the tool adds after its table when asked for more detail (netperf's {@code -v 2}),
   * as far as the model has the figures; empty when the test adds nothing.
   *
   * @param unitLabel the throughput unit, such as {@code 10^6bits}
   * @param bitsPerUnit bits in one unit of that column
   * @return the lines, each ending with a newline, or an empty string
   */
  default String details(String unitLabel, double bitsPerUnit) {
    return "";
  }

  /**
   * Why the test has no figure of merit, where netperf itself would have failed (a data connection
   * that never opened, nothing at all delivered), in one sentence; empty when it has one.
   *
   * @return the reason, or empty
   */
  default java.util.Optional<String> failure() {
    return java.util.Optional.empty();
  }

  /**
   * Returns the test's figures under the names the JSON report uses, in a fixed order; a figure the
   * run could not measure is {@code null}, never a plausible number. A workload module may offer
   * the same figures typed (netperf's tests do, as {@code org.bondsim.netperf.TestResult}).
   *
   * @return name to a {@link Number}, {@link String}, nested map or {@code null} for unknown
   */
  Map<String, Object> figures();

  /**
   * Returns each local connection as {@code ss -ti} prints it, in stream order; empty for a test
   * without TCP connections.
   *
   * @return one line per stream
   */
  default List<String> socketLines() {
    return List.of();
  }

  /**
   * Returns the sending host's per-destination TCP metrics for its peer after the test, as {@code
   * ip tcp_metrics show} prints the entry, where the run keeps them (it was given an entry or a
   * flush to start from); empty otherwise.
   *
   * @return the line, or empty
   */
  default java.util.Optional<String> tcpMetrics() {
    return java.util.Optional.empty();
  }

  /**
   * Returns counters that changed, per host, with nstat names ({@code TcpRetransSegs}, …).
   *
   * @return host name to counter name to value, in a fixed order
   */
  Map<String, Map<String, Long>> counters();

  /**
   * Returns every counter the test keeps, per host, zeros too ({@code nstat -z}); a test that keeps
   * no list of its own gives {@link #counters()}.
   *
   * @return host name to counter name to value, in a fixed order
   */
  default Map<String, Map<String, Long>> allCounters() {
    return counters();
  }
}
