package org.bondsim.cli;

import java.util.Locale;
import java.util.Map;
import org.bondsim.core.scenario.RunReport;

/**
 * Each host's counters as {@code nstat -az} prints them ({@code dump_kern_db} in iproute2's {@code
 * misc/nstat.c}): a {@code #kernel} line, then {@code %-32s%-16llu%6.1f} per counter, zeros
 * included. Difference: the third column, which nstat fills from its daemon's moving average, is
 * here the counter's mean rate per second over the measured run. Counters Linux does not have (the
 * {@code Bondsim} prefix) follow under {@code #bondsim}.
 */
final class NstatReport {
  private NstatReport() {}

  static String render(RunReport report, String host) {
    Map<String, Long> counters = report.result().allCounters().getOrDefault(host, Map.of());
    double seconds = report.elapsedSeconds();
    StringBuilder kernel = new StringBuilder("#kernel\n");
    StringBuilder own = new StringBuilder();
    counters.forEach(
        (name, value) -> {
          String line =
              String.format(
                  Locale.ROOT,
                  "%-32s%-16d%6.1f%n",
                  name,
                  value,
                  seconds > 0 ? value / seconds : 0.0);
          (name.startsWith("Bondsim") ? own : kernel).append(line);
        });
    if (own.length() > 0) {
      kernel.append("#bondsim\n").append(own);
    }
    return kernel.toString();
  }
}
