package org.bondsim.policy.tlb;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The run report counts flow moves, and they fall where balance-tlb rebalances. */
class FlowMovesReportTest {
  private static RunReport run(int dynamic) {
    return new ScenarioRunner(PolicyRegistry.load())
        .run(
            Scenario.builder()
                .bond("mode balance-tlb xmit_hash_policy layer3+4 tlb_dynamic_lb " + dynamic)
                .slaves(Collections.nCopies(4, new SlaveLinkSpec(100, 20_000)))
                .duration(Duration.ofNanos(25_000_000_000L))
                .seed(1)
                .workload(new WorkloadSpec("UDP_STREAM", List.of("-m", "1472"), 8, Map.of()))
                .build());
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1})
  void movesHappenAtRebalancesAndOnlyWithDynamicBalancing(int dynamic) {
    RunReport report = run(dynamic);
    assertThat(report.frames().balances()).isTrue();
    if (dynamic == 0) {
      assertThat(report.flowMoves()).isEmpty();
      return;
    }
    // Rebalances at 0 s (table empty), 10 s and 20 s; flows move at the last two.
    assertThat(report.flowMoves())
        .isNotEmpty()
        .allSatisfy(
            group -> {
              assertThat(group.host()).isEqualTo("local");
              assertThat(group.atSeconds() % 10).isLessThan(0.1);
            });
    assertThat(report.flowMoveCount("local")).isPositive();
  }
}
