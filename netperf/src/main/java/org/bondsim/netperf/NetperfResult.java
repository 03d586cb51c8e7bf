package org.bondsim.netperf;

import java.util.Map;
import org.bondsim.api.workload.WorkloadResult;

/**
 * A netperf test's result: what every workload reports, plus netperf's own figures typed per test
 * and its table with the CPU columns {@code -c}/{@code -C} add. These are netperf's formats, so
 * they live here and not in the workload SPI.
 */
public interface NetperfResult extends WorkloadResult {
  /**
   * Returns the figures typed per test ({@link TestResult.TcpStream}, {@link TestResult.TcpRr} or
   * {@link TestResult.UdpStream}).
   *
   * @return the figures
   */
  TestResult typedFigures();

  /**
   * Returns netperf's table with its CPU columns, as {@code -c}/{@code -C} print it.
   *
   * @param unitLabel the throughput column's unit, such as {@code 10^6bits/sec}
   * @param bitsPerUnit bits per second in one unit of that column
   * @param cpu the CPU figures, in the test's service-demand unit
   * @return the table, lines separated by newlines, ending with a blank line
   */
  String table(String unitLabel, double bitsPerUnit, CpuColumns cpu);

  @Override
  default Map<String, Object> figures() {
    return typedFigures().fields();
  }

  /**
   * Returns a result's figures typed: netperf's own, or {@link TestResult.Other} holding the named
   * figures of another workload's result.
   *
   * @param result any workload's result
   * @return the typed figures
   */
  static TestResult typed(WorkloadResult result) {
    return result instanceof NetperfResult netperf
        ? netperf.typedFigures()
        : new TestResult.Other(result.figures());
  }
}
