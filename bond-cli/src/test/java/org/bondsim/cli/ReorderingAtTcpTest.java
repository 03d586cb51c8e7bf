package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/**
 * The reference experiment's MTU 1500, GRO off row: three equal links keep the wire in order, but
 * the receiver's saturated softirq polls each NIC in turn in large batches, so TCP receives the
 * slaves' segments interleaved in runs. The report must show both.
 */
class ReorderingAtTcpTest {
  @Test
  void napiBatchesReorderWhatTheWireKeptInOrder() {
    ScenarioRunner runner = new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load());
    RunReport report =
        runner.run(
            ReproduceCommand.scenario(
                1500, false, 3, CpuCosts.REFERENCE_2_6_37, ReproduceCommand.AS_REPORTED));
    assertThat(report.reordering().reorderedRatio()).isLessThan(0.001);
    assertThat(report.reorderingAtTcp().reorderedRatio()).isGreaterThan(0.5);
    // Every data segment is counted once at each place, GRO or not.
    assertThat(report.reorderingAtTcp().received())
        .isBetween(report.reordering().received() - 500, report.reordering().received());
  }
}
