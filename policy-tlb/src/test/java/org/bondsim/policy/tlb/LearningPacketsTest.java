package org.bondsim.policy.tlb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.bondsim.api.option.OptionException;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** lp_interval at both levels, and which bonds run the monitor that sends learning packets. */
class LearningPacketsTest {
  private static RunReport run(String bond, Map<String, String> moduleParameters) {
    return new ScenarioRunner(PolicyRegistry.load())
        .run(
            Scenario.builder()
                .bond(bond)
                .moduleParameters(moduleParameters)
                .slaves(Collections.nCopies(4, new SlaveLinkSpec(1000, 10_000)))
                .duration(Duration.ofNanos(10_000_000_000L))
                .seed(1)
                .workload(
                    new WorkloadSpec(
                        "UDP_STREAM", List.of("-m", "1472"), 1, Map.of("bondsim.rate_mbps", "10")))
                .build());
  }

  /**
   * Both bonds send one learning packet when their first active slave takes the bond's MAC, then
   * one per slave each time the monitor's counter reaches lp_interval × 10 ticks: in 10 s with
   * ticks from 0 s, at 0.9, 1.9, … 9.9 s for lp_interval 1 and at 1.9, 3.9, … 9.9 s for 2.
   */
  @ParameterizedTest
  @CsvSource({
    "mode balance-tlb,                                  '',               82",
    "mode balance-tlb lp_interval 2,                    '',               42",
    // alb adds, per bond, the stand-in for its ARP reply to the peer (on the slave rlb assigned)
    // when the run starts and again in the first client update round at 0 s.
    "mode balance-alb,                                  lp_interval=2,    46",
    "mode balance-alb lp_interval 1,                    lp_interval=2,    86",
    // bond_open starts no monitor for balance-tlb with tlb_dynamic_lb 0: no learning packets.
    "mode balance-tlb tlb_dynamic_lb 0,                 '',               2",
    // balance-alb's monitor runs whatever tlb_dynamic_lb says.
    "mode balance-alb tlb_dynamic_lb 0,                 '',               86"
  })
  void learningPacketsFollowLpIntervalAtEitherLevel(String bond, String module, long expected) {
    Map<String, String> parameters =
        module.isEmpty() ? Map.of() : Map.of(module.split("=")[0], module.split("=")[1]);
    RunReport report = run(bond, parameters);
    assertThat(report.switchReport().learningPackets()).isEqualTo(expected);
    // Each ends at the switch, which never forwards a frame back out of the port it came in on.
    assertThat(report.switchReport().filtered()).isGreaterThanOrEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "tlb_dynamic_lb, 0, 'tlb_dynamic_lb is not a bonding module parameter in Linux'",
    "lp_interval,    0, 'lp_interval must be 1..2147483647, got 0'"
  })
  void badModuleParametersNameTheOption(String name, String value, String message) {
    assertThatThrownBy(() -> run("mode balance-tlb", Map.of(name, value)))
        .isInstanceOf(OptionException.class)
        .hasMessageContaining(message);
  }
}
