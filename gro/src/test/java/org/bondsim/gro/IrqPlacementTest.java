package org.bondsim.gro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** Several CPUs per host and the interrupt of each slave pinned to one of them. */
class IrqPlacementTest {
  private static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());
  // Heavy enough per-packet costs that one CPU cannot keep up with three 1G slaves.
  private static final CpuCosts COSTS =
      CpuCosts.parse("frame 1200 up 4800 byte 1 ack 2800 sack 800 tx 4000");

  private static RunReport run(ReceiveSettings receive) {
    return RUNNER.run(TcpStreamScenario.of(3, 1_000_000_000L, "1472", Map.of(), receive, COSTS));
  }

  @Test
  void idleCpusChangeOnlyTheAveragedUtilisation() {
    ReceiveSettings one = ReceiveSettings.parse("gro off rx-usecs 50 rx-frames 0");
    RunReport single = run(one);
    RunReport twoCpus = run(one.withCpus(2));
    assertThat(twoCpus.throughputMbps()).isEqualTo(single.throughputMbps());
    RunReport.HostReport remote1 = single.remote();
    RunReport.HostReport remote2 = twoCpus.remote();
    assertThat(remote2.cpuUtilization())
        .isCloseTo(remote1.cpuUtilization() / 2, within(1e-9 * remote1.cpuUtilization()));
    assertThat(remote2.serviceDemandUsPerKb()).isEqualTo(remote1.serviceDemandUsPerKb());
  }

  @Test
  void spreadingInterruptsOverCpusRelievesACpuBoundReceiver() {
    RunReport together = run(ReceiveSettings.parse("gro off rx-usecs 50 rx-frames 0"));
    RunReport spread = run(ReceiveSettings.parse("gro off rx-usecs 50 rx-frames 0 irq-cpus 0,1,2"));
    // One CPU polling all three NICs is saturated; three softirqs in parallel are not.
    assertThat(together.remote().cpuUtilization()).isGreaterThan(99);
    assertThat(spread.remote().cpuUtilization()).isLessThan(90);
    assertThat(spread.frames().balances()).isTrue();
    assertThat(spread.throughputMbps()).isGreaterThan(together.throughputMbps());
  }

  @Test
  void interruptsOnMissingCpusAreRejectedWithTheAllowedRange() {
    ReceiveSettings spread = ReceiveSettings.parse("irq-cpus 0,1,2");
    assertThat(spread.cpus()).isEqualTo(3);
    assertThat(spread.irqCpu(4)).isEqualTo(1);
    assertThatThrownBy(() -> spread.withCpus(2))
        .hasMessage("irq-cpus must be CPUs 0..1 (cpus 2), got 2");
    assertThatThrownBy(() -> ReceiveSettings.parse("irq-cpus 0,x"))
        .hasMessageContaining("irq-cpus must be CPU numbers separated by commas")
        .hasMessageContaining("'0,x'");
  }
}
