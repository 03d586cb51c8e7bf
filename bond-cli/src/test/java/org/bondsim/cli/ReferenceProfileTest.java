package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * The named profile reference-2.6.37 must still reproduce the row it was calibrated on; when a
 * model change moves it, re-run {@code bondsim reproduce gro-reordering} and update the profile.
 */
class ReferenceProfileTest {
  @Test
  void theCalibratedRowStillComesOutAsMeasured() {
    ScenarioRunner runner = new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load());
    RunReport report =
        runner.run(
            ReproduceCommand.scenario(
                9000, false, 3, CpuCosts.REFERENCE_2_6_37, ReproduceCommand.AS_REPORTED));
    double measured = ReproduceCommand.MEASURED.get(2).serviceDemand();
    // No factor reaches the measurement: service demand jumps from about 0.71 to 1.01 us/KB
    // between factors 4.107 and 4.111 (above it the receiver saturates, its NAPI batches reorder
    // what TCP sees and every segment is ACKed), and the fit takes the nearer side, 0.705 at
    // 4.107. The test pins that fit, not the measurement.
    assertThat(report.local().serviceDemandUsPerKb()).isCloseTo(0.705, within(0.001));
    assertThat(report.local().serviceDemandUsPerKb()).isCloseTo(measured, within(0.2 * measured));
  }
}
