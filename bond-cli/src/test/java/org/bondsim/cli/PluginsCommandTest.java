package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code bondsim plugins}: every extension point, by kind; a missing plugin named in one line. */
class PluginsCommandTest {
  @Test
  void listsEveryKindWithWhereItCameFrom() {
    CliRunner result = CliRunner.run("plugins");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out().lines())
        .first()
        .asString()
        .startsWith("KIND")
        .contains("NAME", "ORIGIN");
    assertThat(result.out())
        .containsPattern("(?m)^bonding mode +balance-rr \\(0\\) +policy-rr ")
        .containsPattern("(?m)^netperf test +TCP_STREAM +netperf ")
        .containsPattern("(?m)^receive offload +gro +gro ")
        .containsPattern("(?m)^congestion control +cubic +tcp-model ")
        .containsPattern("(?m)^congestion control +reno +tcp-model ")
        .doesNotContain("Not used:");
  }

  @Test
  void aMissingOffloadOrAlgorithmIsRefusedInOneLineBeforeTheRun() {
    CliRunner offload =
        CliRunner.run("netperf", "-l", "0.1", "--slaves", "1x1000", "--receiver", "offload lro");
    assertThat(offload.exitCode()).isEqualTo(2);
    assertThat(offload.err().strip())
        .isEqualTo(
            "bondsim: --receiver offload 'lro' is not on the class path (found: gro), and GRO is"
                + " on; turn it off with gro off");
    CliRunner algorithm =
        CliRunner.run(
            "netperf",
            "-l",
            "0.1",
            "--slaves",
            "1x1000",
            "--sysctl",
            "net.ipv4.tcp_congestion_control=vegas");
    assertThat(algorithm.exitCode()).isEqualTo(2);
    assertThat(algorithm.err().strip())
        .isEqualTo(
            "bondsim: --sysctl net.ipv4.tcp_congestion_control must be one of cubic, reno, got"
                + " 'vegas'");
    // Linux takes the algorithm's name only: the number the model once took is refused too.
    assertThat(
            CliRunner.run("netperf", "-l", "0.1", "--sysctl", "net.ipv4.tcp_congestion_control=0")
                .exitCode())
        .isEqualTo(2);
  }
}
