package org.bondsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.bondsim.cli.crosscheck.LabRun;
import org.bondsim.cli.crosscheck.LabSeries;
import org.bondsim.core.capture.Captures;
import org.bondsim.core.scenario.RunHooks;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.TimeSeries;

/**
 * {@code bondsim crosscheck --series-dir DIR}: both sides of the comparison over time, so that a
 * difference in the totals can be traced to when it arose (slow start's end, the first recovery).
 * bondsim's seeds write {@code bondsim-seed-S.csv} with {@code bondsim netperf --series}'s columns;
 * each boot of the real kernel {@code linux-run-N.csv} ({@link LabSeries}).
 */
final class CrosscheckSeries {
  private CrosscheckSeries() {}

  /** Creates the directory, or says in one line why it cannot be. */
  static void prepare(Path dir) {
    OutputFiles.makeDirectory("--series-dir", dir);
  }

  /** Runs one seed with its series written as the run goes (and its captures, or null). */
  static RunReport bondsim(
      ScenarioRunner runner,
      Scenario scenario,
      Path dir,
      long seed,
      int sampleMs,
      Captures captures) {
    try (SeriesFile file = SeriesFile.open(dir.resolve("bondsim-seed-" + seed + ".csv"))) {
      RunReport report =
          runner.run(
              scenario, new RunHooks(null, captures, new TimeSeries(sampleMs * 1_000_000L, file)));
      file.finish();
      return report;
    }
  }

  /** Writes one boot's samples. */
  static void linux(LabRun run, Path dir, int boot) throws IOException {
    LabSeries.write(run, dir.resolve("linux-run-" + boot + ".csv"));
  }
}
