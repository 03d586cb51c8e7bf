package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that used to be accepted and then ignored, or refused in words a user could not act on:
 * each is now taken as Linux or netperf takes it, or refused in one line naming the option.
 */
class RefusalsTest {
  @TempDir Path dir;

  private static String refused(String... args) {
    CliRunner result = CliRunner.run(args);
    assertThat(result.exitCode()).as(result.out() + result.err()).isEqualTo(2);
    assertThat(result.err().lines().count()).as(result.err()).isEqualTo(1);
    assertThat(result.err()).doesNotContain("Exception").doesNotContain("java.");
    return result.err();
  }

  @Test
  void bothEndsOfTheSeedsRangeAreSeeds() {
    for (String seed : new String[] {"-9223372036854775808", "9223372036854775807"}) {
      CliRunner result = CliRunner.run("netperf", "-l", "0.01", "--seed", seed);
      assertThat(result.exitCode()).as(result.err()).isZero();
      assertThat(result.out()).contains("seed " + seed + ",");
    }
    assertThat(refused("netperf", "-l", "0.01", "--seed", "9223372036854775808"))
        .contains("--seed must be -9223372036854775808..9223372036854775807");
  }

  @Test
  void settingsTheRunWouldIgnoreAreRefused() {
    assertThat(refused("netperf", "-l", "0.01", "--switch-buffer", "100"))
        .contains("--switch-buffer 100 sizes a switch's port queues");
    assertThat(refused("netperf", "-l", "0.01", "-D", "-1")).contains("-D interval");
    assertThat(refused("netperf", "-l", "0.01", "--sysctl", "net.ipv4.tcp_frto_response=1"))
        .contains("is a sysctl of 2.6.37's F-RTO, which later kernels do not have");
    assertThat(refused("netperf", "-l", "0.01", "--pcap", "")).contains("--pcap needs a directory");
  }

  @Test
  void aCaptureDirectoryThatCannotBeMadeIsNamedWithTheReason() throws Exception {
    Path file = Files.createFile(dir.resolve("a-file"));
    assertThat(refused("netperf", "-l", "0.01", "--pcap", file.toString()))
        .contains("--pcap " + file)
        .contains("(File exists)");
  }

  @Test
  void aPacketdrillFieldBeyondItsWidthIsMalformed() throws Exception {
    Path script = dir.resolve("w.pkt");
    Files.writeString(
        script,
        "0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n"
            + "+0 bind(3, ..., ...) = 0\n"
            + "+0 listen(3, 1) = 0\n"
            + "+0 < S 0:0(0) win 65536 <mss 1000>\n");
    assertThat(refused("packetdrill", script.toString()))
        .contains(":4: expected a window in 0..65535, got '65536'");
  }

  @Test
  void aSysctlTheKernelWouldRefuseFailsTheScript() throws Exception {
    Path script = dir.resolve("abc.pkt");
    Files.writeString(
        script,
        "`sysctl -q net.ipv4.tcp_reordering=abc`\n0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n");
    CliRunner result = CliRunner.run("packetdrill", script.toString());
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.out()).contains("fail").contains("tcp_reordering=abc fails");
  }
}
