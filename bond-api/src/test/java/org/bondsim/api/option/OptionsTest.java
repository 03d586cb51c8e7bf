package org.bondsim.api.option;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.bondsim.api.option.ChoiceOption.Choice;
import org.junit.jupiter.api.Test;

class OptionsTest {
  private static final List<OptionSpec> SPECS =
      List.of(
          new IntOption("packets_per_slave", 1, 0, 65535, "", "frames per slave"),
          new IntOption("miimon", 0, 0, Integer.MAX_VALUE, "ms", "monitor interval"),
          new ChoiceOption(
              "primary_reselect",
              "always",
              List.of(new Choice("always", 0), new Choice("better", 1), new Choice("failure", 2)),
              "reselect"));

  @Test
  void perBondSettingWinsOverModuleParameterWhichWinsOverDefault() {
    Options options =
        Options.resolve(
            SPECS,
            Map.of("packets_per_slave", "4", "miimon", "100"),
            Map.of("packets_per_slave", "8"));
    assertThat(options.getInt("packets_per_slave")).isEqualTo(8);
    assertThat(options.getLong("miimon")).isEqualTo(100);
    assertThat(options.getString("primary_reselect")).isEqualTo("always");
  }

  @Test
  void choicesAcceptTheWordOrTheLinuxNumber() {
    assertThat(
            Options.resolve(SPECS, Map.of(), Map.of("primary_reselect", "1"))
                .getString("primary_reselect"))
        .isEqualTo("better");
  }

  @Test
  void outOfRangeValueNamesOptionRangeAndValue() {
    assertThatThrownBy(() -> Options.resolve(SPECS, Map.of(), Map.of("packets_per_slave", "-1")))
        .isInstanceOf(OptionException.class)
        .hasMessage("packets_per_slave must be 0..65535, got -1");
    assertThatThrownBy(() -> Options.resolve(SPECS, Map.of(), Map.of("miimon", "fast")))
        .hasMessage("miimon must be an integer in 0..2147483647, got 'fast'");
    assertThatThrownBy(
            () -> Options.resolve(SPECS, Map.of(), Map.of("primary_reselect", "sometimes")))
        .hasMessageContaining("one of always (0), better (1), failure (2)")
        .hasMessageContaining("'sometimes'");
  }

  @Test
  void unknownOptionListsTheAllowedOnes() {
    assertThatThrownBy(() -> Options.resolve(SPECS, Map.of(), Map.of("lacp_rate", "fast")))
        .hasMessage(
            "unknown bond option 'lacp_rate'; allowed: packets_per_slave, miimon, primary_reselect");
    assertThatThrownBy(() -> Options.resolve(SPECS, Map.of("nosuch", "1"), Map.of()))
        .hasMessageContaining("unknown module parameter 'nosuch'");
  }
}
