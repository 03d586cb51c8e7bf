package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.core.bond.PluginFault;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.junit.jupiter.api.Test;

/**
 * A transmit policy that breaks the SPI's contract stops the run with a fault that names the plugin
 * and where it came from: neither a silent drop of every frame nor "a bug in bondsim".
 */
class PluginFaultTest {
  /**
   * A mode whose select() returns a fixed answer, or throws when it is {@code Integer.MIN_VALUE}.
   */
  private record Broken(int answer) implements TxPolicyProvider {
    @Override
    public String mode() {
      return "broken-test";
    }

    @Override
    public OptionalInt alias() {
      return OptionalInt.empty();
    }

    @Override
    public String description() {
      return "a test's broken policy";
    }

    @Override
    public List<OptionSpec> options() {
      return List.of();
    }

    @Override
    public Set<Characteristic> characteristics() {
      return EnumSet.noneOf(Characteristic.class);
    }

    @Override
    public TxPolicy create(PolicyContext context, Options options) {
      return (frame, bond) -> {
        if (answer == Integer.MIN_VALUE) {
          throw new IllegalArgumentException("its own check failed");
        }
        return answer;
      };
    }
  }

  private static void run(int answer) {
    ScenarioRunner runner =
        new ScenarioRunner(
            PolicyRegistry.load().with(new Broken(answer), "a test"), WorkloadRegistry.load());
    Scenario scenario =
        Scenario.builder()
            .bond("mode broken-test")
            .slaves(List.of(new SlaveLinkSpec(1000, 0), new SlaveLinkSpec(1000, 0)))
            .workload(new WorkloadSpec("TCP_STREAM", List.of(), 1, java.util.Map.of()))
            .duration(java.time.Duration.ofMillis(1))
            .build();
    runner.run(scenario);
  }

  @Test
  void aSlaveOutsideTheBondIsThePluginsFault() {
    for (int answer : new int[] {-5, 2, 99}) {
      assertThatThrownBy(() -> run(answer))
          .isInstanceOf(PluginFault.class)
          .hasMessageContaining("PluginFaultTest$Broken")
          .hasMessageContaining("returned slave " + answer)
          .hasMessageContaining("allowed: 0..1, NO_SLAVE (-1) or ALL_UP_SLAVES (-2)");
    }
  }

  @Test
  void whatThePluginThrowsIsItsFaultNotAUsageError() {
    assertThatThrownBy(() -> run(Integer.MIN_VALUE))
        .isInstanceOf(PluginFault.class)
        .hasMessageContaining("threw from select(): its own check failed");
    // The answers the SPI allows run as before.
    run(TxPolicy.NO_SLAVE);
    assertThat(true).isTrue();
  }
}
