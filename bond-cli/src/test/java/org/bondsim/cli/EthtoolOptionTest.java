package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * --ethtool on a 2.6.37 sender decides where its super-packets are cut, and the receiver's GRO sees
 * the difference: whole super-packets from each slave leave runs of contiguous segments to merge,
 * segments cut at bond0 and striped one by one leave none.
 */
class EthtoolOptionTest {
  private static CliRunner run(String... ethtool) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "netperf",
                "-t",
                "TCP_STREAM",
                "-l",
                "1",
                "--host-profile",
                "reference-2.6.37",
                "--slaves",
                "3x1000",
                "--delay-us",
                "20",
                "--receiver",
                "gro on adaptive-rx on irq-cpus 0",
                "--cpus",
                "2",
                "--json"));
    for (String command : ethtool) {
      args.add("--ethtool");
      args.add(command);
    }
    args.addAll(List.of("--", "-m", "1472"));
    return CliRunner.run(args.toArray(new String[0]));
  }

  private static double framesPerPacket(CliRunner run) throws Exception {
    JsonNode remote =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(run.out())
            .get("hosts")
            .get("remote");
    return remote.get("frames_polled").asDouble() / remote.get("packets_up").asDouble();
  }

  @Test
  void bond0RefusesTsoSoTheSlavesCutWholeSuperPacketsAndGroMergesThem() throws Exception {
    CliRunner stock = run("ethtool -K bond0 tso off gso off");
    assertThat(stock.exitCode()).isZero();
    assertThat(stock.err())
        .contains(
            "bondsim: warning: ethtool -K bond0: Cannot set device tcp segmentation offload"
                + " settings: Operation not supported (exit 88");
    assertThat(framesPerPacket(stock)).isGreaterThan(1.5);
  }

  @Test
  void gsoOnBond0WithoutTsoCutsBeforeTheModeAndGroHasNothingToMerge() throws Exception {
    CliRunner atBond =
        run("-K eth0 tso off", "-K eth1 tso off", "-K eth2 tso off", "-K bond0 gso on");
    assertThat(atBond.exitCode()).isZero();
    assertThat(atBond.err()).doesNotContain("warning");
    assertThat(framesPerPacket(atBond)).isLessThan(1.01);
  }

  @Test
  void receiveChecksummingOrSenderBesideItIsRefusedInOneLine() {
    CliRunner rx = CliRunner.run("netperf", "-l", "0.1", "--ethtool", "-K bond0 rx off");
    assertThat(rx.exitCode()).isEqualTo(2);
    assertThat(rx.err().strip())
        .startsWith("bondsim: --ethtool: receive checksumming (rx) is not modelled")
        .doesNotContain("\n");
    CliRunner both =
        CliRunner.run(
            "netperf",
            "-l",
            "0.1",
            "--kernel",
            "2.6.37",
            "--sender",
            "tso on",
            "--ethtool",
            "-K bond0 gso on");
    assertThat(both.err().strip())
        .isEqualTo(
            "bondsim: --ethtool and --sender both set the sender's offloads; allowed: one of them");
  }

  @Test
  void onSixXTheLinePastedFromATerminalRunsAndSaysWhatTheKernelChangedUnasked() {
    String[] line = {
      "netperf", "-t", "TCP_STREAM", "-l", "0.5", "--bond", "mode balance-rr", "--slaves", "3x1000"
    };
    CliRunner bondCuts = CliRunner.run(withEthtool(line, "ethtool -K bond0 tso off gso off"));
    assertThat(bondCuts.exitCode()).isZero();
    assertThat(bondCuts.err()).isEmpty();
    // bondsim's 6.x default is bond0 without TSO: the same run, byte for byte.
    assertThat(bondCuts.out()).isEqualTo(CliRunner.run(withEthtool(line)).out());
    CliRunner sg = CliRunner.run(withEthtool(line, "-K bond0 sg off"));
    assertThat(sg.exitCode()).isZero();
    assertThat(sg.err().strip())
        .isEqualTo(
            "bondsim: warning: ethtool -K bond0: Actual changes: tx-scatter-gather: off,"
                + " tx-generic-segmentation: off [not requested], tx-tcp-segmentation: off [not"
                + " requested]");
    // Stock 6.x: bond0 keeps TSO, so the slaves' NICs cut whole super-packets, as --sender tso on.
    assertThat(CliRunner.run(withEthtool(line, "-K bond0 gso off")).out())
        .isEqualTo(CliRunner.run(withSender(line, "tso on")).out());
  }

  private static String[] withEthtool(String[] line, String... commands) {
    List<String> args = new ArrayList<>(List.of(line));
    for (String command : commands) {
      args.add("--ethtool");
      args.add(command);
    }
    args.addAll(List.of("--", "-m", "16384"));
    return args.toArray(new String[0]);
  }

  private static String[] withSender(String[] line, String sender) {
    List<String> args = new ArrayList<>(List.of(line));
    args.addAll(List.of("--sender", sender, "--", "-m", "16384"));
    return args.toArray(new String[0]);
  }
}
