package org.bondsim.api.workload;

import java.util.List;
import java.util.Map;

/**
 * What a test measured, with netperf's own table and any counters, per host, named as {@code nstat}
 * names them.
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
   * Returns netperf's table for this test.
   *
   * @param unitLabel the throughput column's unit, such as {@code 10^6bits/sec}
   * @param bitsPerUnit bits per second in one unit of that column
   * @return the table, lines separated by newlines, ending with a blank line
   */
  String netperfTable(String unitLabel, double bitsPerUnit);

  /**
   * Returns netperf's table with its CPU columns, as {@code -c}/{@code -C} print it. A test that
   * has no CPU layout of its own prints its plain table.
   *
   * @param unitLabel the throughput column's unit, such as {@code 10^6bits/sec}
   * @param bitsPerUnit bits per second in one unit of that column
   * @param cpu the CPU figures, in the test's service-demand unit
   * @return the table, lines separated by newlines, ending with a blank line
   */
  default String netperfTable(String unitLabel, double bitsPerUnit, CpuColumns cpu) {
    return netperfTable(unitLabel, bitsPerUnit);
  }

  /**
   * Returns what netperf adds at {@code -v 2} after its table, as far as the model has the figures
   * (for TCP_STREAM the send and receive call counts and the MSS, for TCP_RR the latency and each
   * direction's throughput); empty when the test adds nothing.
   *
   * @param unitLabel the throughput unit, such as {@code 10^6bits}
   * @param bitsPerUnit bits in one unit of that column
   * @return the lines, each ending with a newline, or an empty string
   */
  default String netperfDetails(String unitLabel, double bitsPerUnit) {
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
   * Returns the test's figures, typed per test ({@link TestResult.TcpStream}, {@link
   * TestResult.TcpRr}, {@link TestResult.UdpStream}, or {@link TestResult.Other} for a plugin's own
   * test).
   *
   * @return the figures
   */
  TestResult figures();

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
