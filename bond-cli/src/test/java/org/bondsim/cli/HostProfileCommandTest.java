package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostProfileCommandTest {
  private static final String[] RUN = {
    "netperf", "-c", "-t", "TCP_STREAM", "-l", "0.3", "--slaves", "3x1000", "--delay-us", "20"
  };

  private static String[] with(String... more) {
    String[] args = new String[RUN.length + more.length + 3];
    System.arraycopy(RUN, 0, args, 0, RUN.length);
    System.arraycopy(more, 0, args, RUN.length, more.length);
    args[args.length - 3] = "--";
    args[args.length - 2] = "-m";
    args[args.length - 1] = "1472";
    return args;
  }

  @Test
  void hostProfilesListsEveryProfileWithTheSourceOfEachSetting() {
    CliRunner result = CliRunner.run("host-profiles");
    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out())
        .contains("reference-2.6.37: ")
        .contains("  kernel   2.6.37")
        .contains("source: the experiment: \"both LSO and GSO disabled");
    assertThat(result.out().lines().filter(l -> l.contains("source: ")).count()).isEqualTo(5L * 5);
  }

  @Test
  void aProfileIsTheSameRunAsItsSettingsTypedOut() {
    CliRunner byName = CliRunner.run(with("--host-profile", "reference-2.6.37"));
    CliRunner byFlags =
        CliRunner.run(
            with(
                "--kernel",
                "2.6.37",
                "--cpus",
                "2",
                "--cost-profile",
                "reference-2.6.37",
                "--receiver",
                "gro off adaptive-rx on irq-cpus 0",
                "--sender",
                "tso off gso off"));
    assertThat(byName.exitCode()).as(byName.err()).isZero();
    assertThat(byName.out()).isEqualTo(byFlags.out());
  }

  @Test
  void flagsChangeTheProfile() {
    CliRunner changed =
        CliRunner.run(with("--host-profile", "reference-2.6.37", "--receiver", "gro on"));
    CliRunner byName = CliRunner.run(with("--host-profile", "reference-2.6.37"));
    assertThat(changed.exitCode()).as(changed.err()).isZero();
    assertThat(changed.out()).isNotEqualTo(byName.out());
  }

  @Test
  void aProfileFileIsReadAndAnUnsourcedOneRefusedInOneLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("lab.properties");
    Files.writeString(file, "kernel = 6.x\nkernel.source = here\n");
    CliRunner result = CliRunner.run(with("--host-profile", file.toString()));
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err().strip())
        .isEqualTo(
            "bondsim: host profile "
                + file
                + " must give cpus (settings: [kernel, cpus, receive, costs, sender])");
    CliRunner unknown = CliRunner.run(with("--host-profile", "lab"));
    assertThat(unknown.err().strip())
        .isEqualTo(
            "bondsim: host profile must be one of ideal, default, reference-2.6.37, tlb-lab,"
                + " reference-2014 (or a"
                + " NAME.properties file), got 'lab'");
  }
}
