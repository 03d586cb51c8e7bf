package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * netperf's -c only observes; bondsim's needs a CPU model, which paces the run. When -c/-C bring
 * the default model in, the run says so; when the line chose the model, -c/-C add only columns.
 */
class CpuColumnsNoteTest {
  @Test
  void theDefaultModelBroughtInByMinusCIsNamed() {
    CliRunner r = CliRunner.run("netperf", "-t", "TCP_RR", "-l", "0.5", "-c", "-v", "0");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err())
        .isEqualTo(
            "bondsim: note: -c/-C switched on the default host model (host profile 'default':"
                + " generic-2010 CPU costs and its receive path), whose CPU time paces the run,"
                + " so its figures differ from the same line without -c/-C; --cost-profile or"
                + " --host-profile chooses the model for both\n");
  }

  @Test
  void withTheModelChosenMinusCOnlyAddsColumns() throws Exception {
    String[] line = {
      "netperf",
      "-t",
      "TCP_RR",
      "-l",
      "0.5",
      "--cost-profile",
      "generic-2010",
      "--cpus",
      "1",
      "--json"
    };
    String[] observed = java.util.Arrays.copyOf(line, line.length + 2);
    observed[line.length] = "-c";
    observed[line.length + 1] = "-C";
    CliRunner with = CliRunner.run(observed);
    assertThat(with.err()).isEmpty();
    assertThat(CliRunner.json(observed).get("transactions_per_s").asDouble())
        .isEqualTo(CliRunner.json(line).get("transactions_per_s").asDouble());
  }
}
