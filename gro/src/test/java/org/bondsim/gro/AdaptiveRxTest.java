package org.bondsim.gro;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.junit.jupiter.api.Test;

/**
 * {@code adaptive-rx on}: e1000e's dynamic conservative moderation over a whole run. At 1 Gbit/s
 * with 1514-byte frames about four frames come per interrupt (6 KB, under the 10 KB that would make
 * it bulk), so it stays at 20,000 interrupts/s; jumbo frames are bulk at once (over 8000 bytes
 * each) and settle at 4,000/s.
 */
class AdaptiveRxTest {
  private static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());

  private static double receiverPollsPerSecond(int mtu, String message) {
    return receiverPollsPerSecond(mtu, message, "e1000e");
  }

  private static double receiverPollsPerSecond(int mtu, String message, String driver) {
    Scenario scenario =
        Scenario.builder()
            .bond("mode balance-rr")
            .slaves(List.of(new SlaveLinkSpec(1000, 20_000)))
            .mtu(mtu)
            .duration(Duration.ofMillis(500))
            .seed(1)
            .workload(new WorkloadSpec("TCP_STREAM", List.of("-m", message), 1, Map.of()))
            .receive(ReceiveSettings.parse("gro off adaptive-rx on driver " + driver))
            .costs(CpuCosts.GENERIC_2010)
            .build();
    RunReport report = RUNNER.run(scenario);
    return report.remote().napiPolls() / 0.5;
  }

  @Test
  void fullSizeFramesAtLineRateStayAtTwentyThousandInterrupts() {
    assertThat(receiverPollsPerSecond(1500, "16384")).isBetween(19_000.0, 20_100.0);
  }

  @Test
  void jumboFramesAreBulkAndSettleAtFourThousand() {
    assertThat(receiverPollsPerSecond(9000, "8948")).isBetween(3_900.0, 4_100.0);
  }

  /**
   * igb's ring moderation sizes the interval by the mean frame: 1538 bytes on the wire make 769
   * units of 256 ns, about 5,100 interrupts/s; jumbo frames are capped at 1500 units, about 2,600.
   */
  @Test
  void igbSizesTheIntervalByTheMeanFrame() {
    assertThat(receiverPollsPerSecond(1500, "16384", "igb")).isBetween(4_900.0, 5_200.0);
    assertThat(receiverPollsPerSecond(9000, "8948", "igb")).isBetween(2_500.0, 2_700.0);
  }
}
