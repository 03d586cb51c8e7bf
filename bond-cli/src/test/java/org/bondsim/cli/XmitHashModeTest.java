package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XmitHashModeTest {
  private static List<String> table(CliRunner r) {
    assertThat(r.exitCode()).as(r.err()).isZero();
    return r.out().lines().skip(1).toList();
  }

  @Test
  void balanceXorThroughItsModeSpreadsAsItsHashPolicy() {
    List<String> byMode =
        table(
            CliRunner.run(
                "xmit-hash",
                "--spread",
                "--slaves",
                "3",
                "--flows",
                "2000",
                "--bond",
                "mode balance-xor xmit_hash_policy layer3+4"));
    List<String> byPolicy =
        table(
            CliRunner.run(
                "xmit-hash",
                "--spread",
                "--slaves",
                "3",
                "--flows",
                "2000",
                "--policy",
                "layer3+4"));
    assertThat(byMode).isEqualTo(byPolicy);
    assertThat(byMode.get(byMode.size() - 1)).startsWith("chi-square ");
  }

  @Test
  void broadcastAndActiveBackupChooseAsTheirModesDo() {
    CliRunner broadcast =
        CliRunner.run(
            "xmit-hash", "--spread", "--slaves", "3", "--flows", "300", "--bond", "mode broadcast");
    assertThat(table(broadcast))
        .contains("all           300  100.00%")
        .contains("chi-square: none (some flows took every slave or none, so no one slave)");
    CliRunner backup =
        CliRunner.run(
            "xmit-hash",
            "--spread",
            "--slaves",
            "3",
            "--flows",
            "300",
            "--bond",
            "mode active-backup");
    assertThat(table(backup)).contains("0             300  100.00%");
    CliRunner rr =
        CliRunner.run(
            "xmit-hash",
            "--spread",
            "--slaves",
            "3",
            "--flows",
            "300",
            "--bond",
            "mode balance-rr");
    assertThat(rr.out()).contains("the mode sprays packets");
    CliRunner one =
        CliRunner.run(
            "xmit-hash",
            "--slaves",
            "4",
            "--bond",
            "mode balance-xor xmit_hash_policy layer3+4",
            "--src-ip",
            "10.0.0.1",
            "--dst-ip",
            "10.0.0.2",
            "--proto",
            "tcp",
            "--sport",
            "40000",
            "--dport",
            "80");
    CliRunner hashed =
        CliRunner.run(
            "xmit-hash",
            "--slaves",
            "4",
            "--policy",
            "layer3+4",
            "--src-ip",
            "10.0.0.1",
            "--dst-ip",
            "10.0.0.2",
            "--proto",
            "tcp",
            "--sport",
            "40000",
            "--dport",
            "80");
    String slave = hashed.out().lines().filter(l -> l.startsWith("slave ")).findFirst().get();
    assertThat(one.out()).startsWith("mode balance-xor (").contains(slave);
  }

  @Test
  void eachInputRowGoesThroughTheModeInOrder(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("frames.csv");
    Files.writeString(
        csv,
        String.join(",", XmitHashCommand.COLUMNS)
            + "\n,00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,6,40000,80,,\n"
            + ",00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,6,40001,80,,\n");
    CliRunner r =
        CliRunner.run(
            "xmit-hash", "--slaves", "2", "--bond", "mode balance-rr", "--input", csv.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).endsWith(",hash_u32,slave");
    // bond_rr_gen_slave_id increments rr_tx_counter before it uses it: the first frame takes 1.
    assertThat(lines.get(1)).endsWith(",80,,,,1");
    assertThat(lines.get(2)).endsWith(",80,,,,0");
    Files.writeString(
        csv,
        String.join(",", XmitHashCommand.COLUMNS)
            + "\nlayer2,00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,6,40000,80,,\n");
    r =
        CliRunner.run(
            "xmit-hash", "--slaves", "2", "--bond", "mode balance-rr", "--input", csv.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err())
        .contains("column policy: policy: must be empty with --bond")
        .hasLineCount(1);
  }

  @Test
  void aModeAndAPolicyTogetherOrAnUnknownModeAreRefused() {
    CliRunner both =
        CliRunner.run(
            "xmit-hash", "--slaves", "2", "--policy", "layer2", "--bond", "mode balance-xor");
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).startsWith("bondsim: --policy and --bond both choose;").hasLineCount(1);
    CliRunner unknown = CliRunner.run("xmit-hash", "--slaves", "2", "--bond", "mode fastest");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).startsWith("bondsim: --bond: ").contains("fastest").hasLineCount(1);
  }
}
