package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bondsim.cli.CliRunner.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetperfCommandTest {
  @Test
  void balanceRrOverThreeGigabitSlavesRunsAtLineRateInOrder() throws Exception {
    JsonNode report =
        json(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "5",
            "--bond",
            "mode balance-rr packets_per_slave 1 miimon 100",
            "--slaves",
            "3x1000",
            "--mtu",
            "1500",
            // One ideal clock for all six NICs: equal cables then tie exactly (free-running
            // oscillators would drift apart and reorder, as real NICs do).
            "--link-clocks",
            "locked",
            "--json",
            "--",
            "-m",
            "1472");
    double lineRate = 3 * 1000.0 * 1472 / 1538;
    assertThat(report.get("throughput_mbps").asDouble()).isBetween(lineRate * 0.98, lineRate);
    List<Long> tx = new ArrayList<>();
    report.get("slaves").forEach(s -> tx.add(s.get("tx_packets").asLong()));
    assertThat(tx).hasSize(3);
    assertThat(
            tx.stream().mapToLong(Long::longValue).max().getAsLong()
                - tx.stream().mapToLong(Long::longValue).min().getAsLong())
        .isLessThanOrEqualTo(1);
    assertThat(report.at("/reordering/reordered_ratio").asDouble()).isZero();
    assertThat(report.get("test").asText()).isEqualTo("UDP_STREAM");
    assertThat(report.get("elapsed_s").asDouble()).isEqualTo(5.0);
    assertThat(report.get("seed").asLong()).isEqualTo(1);
    assertThat(report.at("/reordering/n_reordering/3").isNumber()).isTrue();
    assertThat(report.at("/slaves/0/speed_mbps").asLong()).isEqualTo(1000);
    assertThat(report.at("/slaves/0/drops").asLong()).isZero();
  }

  @Test
  void aSlowSlaveMakesBalanceRrReorder() throws Exception {
    JsonNode report =
        json(
            "netperf",
            "-l",
            "1",
            "--bond",
            "mode balance-rr",
            "--slaves",
            "1000,1000,100",
            "--json",
            "--",
            "-m",
            "1472");
    assertThat(report.at("/reordering/reordered_ratio").asDouble()).isGreaterThan(0.1);
    assertThat(report.at("/reordering/max_extent").asLong()).isGreaterThan(3);
  }

  @Test
  void activeBackupMovesTrafficAfterAFailureWithinMiimonAndCountsTheLoss() throws Exception {
    JsonNode report =
        json(
            "netperf",
            "-l",
            "3",
            "--bond",
            "mode active-backup miimon 100",
            "--slaves",
            "3x1000",
            "--fail",
            "slave0@2s",
            "--json",
            "--",
            "-m",
            "1472");
    assertThat(report.at("/slaves/1/tx_packets").asLong()).isPositive();
    assertThat(report.at("/slaves/2/tx_packets").asLong()).isZero();
    assertThat(report.at("/slaves/0/drops_by_reason/carrier_down").asLong()).isPositive();
    JsonNode failover = report.at("/active_slave_changes/1");
    assertThat(failover.get("slave").asText()).isEqualTo("eth1");
    assertThat(failover.get("at_s").asDouble()).isBetween(2.0, 2.1);
  }

  @Test
  void theSameCommandAndSeedPrintTheSameBytes() {
    String[] args = {
      "netperf",
      "-l",
      "0.5",
      "--bond",
      "mode balance-rr packets_per_slave 0",
      "--slaves",
      "3x1000",
      "--seed",
      "9",
      "--",
      "-m",
      "1472"
    };
    CliRunner first = CliRunner.run(args);
    CliRunner second = CliRunner.run(args);
    assertThat(first.exitCode()).isZero();
    assertThat(second.out()).isEqualTo(first.out());
  }

  @Test
  void randomSlaveChoiceDependsOnTheSeed() throws Exception {
    JsonNode a =
        json(
            "netperf",
            "-l",
            "0.2",
            "--bond",
            "mode balance-rr packets_per_slave 0",
            "--slaves",
            "3x1000",
            "--seed",
            "1",
            "--json",
            "--",
            "-m",
            "1472");
    JsonNode b =
        json(
            "netperf",
            "-l",
            "0.2",
            "--bond",
            "mode balance-rr packets_per_slave 0",
            "--slaves",
            "3x1000",
            "--seed",
            "2",
            "--json",
            "--",
            "-m",
            "1472");
    assertThat(a.at("/slaves/0/tx_packets").asLong())
        .isNotEqualTo(b.at("/slaves/0/tx_packets").asLong());
  }

  @Test
  void textOutputIsNetperfsTableThenTheSlaves() {
    CliRunner result =
        CliRunner.run(
            "netperf", "-t", "UDP_STREAM", "-l", "0.1", "--slaves", "2x1000", "--", "-m", "1472");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out())
        .startsWith("MIGRATED UDP STREAM TEST")
        .contains("Socket  Message  Elapsed      Messages")
        .contains("10^6bits/sec")
        .contains("eth0")
        .contains("reordering at the receiver (RFC 4737)");
  }

  @Test
  void largeMessagesAreFragmentedAndReassembled() throws Exception {
    JsonNode report =
        json("netperf", "-t", "UDP_STREAM", "-l", "0.2", "--slaves", "2x1000", "--json");
    // netperf's default UDP_STREAM message is 65507 bytes: 45 fragments at MTU 1500.
    assertThat(report.get("message_size").asInt()).isEqualTo(65507);
    assertThat(report.get("messages_received").asLong()).isPositive();
    assertThat(report.at("/slaves/0/tx_packets").asLong())
        .isGreaterThan(40 * report.get("messages_received").asLong() / 2);
  }
}
