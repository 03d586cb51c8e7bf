package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * netperf's -c only observes, and so does bondsim's: it never brings a CPU model in. Without one
 * the run is the same and the columns print netperf's -1, with a note; with the model chosen on the
 * line, -c/-C add only the columns.
 */
class CpuColumnsNoteTest {
  @Test
  void minusCDoesNotChangeATcpRrResult() throws Exception {
    CliRunner r = CliRunner.run("netperf", "-t", "TCP_RR", "-l", "0.5", "-c", "-C", "-v", "0");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err())
        .isEqualTo(
            "bondsim: note: -c/-C: this run has no CPU model (none of --host-profile,"
                + " --cost-profile, --cpu-costs), so the CPU columns print netperf's -1 (not"
                + " measured); --host-profile default models the CPU, whose time then paces the"
                + " run\n");
    // At -v 0 with -c netperf prints the local service demand: unknown here.
    assertThat(r.out().lines().skip(1).findFirst()).hasValue("-1.000 S");
    com.fasterxml.jackson.databind.JsonNode with =
        CliRunner.json("netperf", "-t", "TCP_RR", "-l", "0.5", "-c", "-C", "--json");
    com.fasterxml.jackson.databind.JsonNode without =
        CliRunner.json("netperf", "-t", "TCP_RR", "-l", "0.5", "--json");
    assertThat(with.get("transactions_per_s")).isEqualTo(without.get("transactions_per_s"));
    assertThat(with.get("hosts")).isEqualTo(without.get("hosts"));
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
