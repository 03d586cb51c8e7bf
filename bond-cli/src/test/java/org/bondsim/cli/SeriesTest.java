package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --series}: a CSV row per interval that adds up to the run, and changes nothing in it. */
class SeriesTest {
  @Test
  void rowsAddUpToTheRunAndTheRunIsUnchanged(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("run.csv");
    String[] base = {
      "netperf",
      "-t",
      "TCP_STREAM",
      "-l",
      "0.5",
      "--bond",
      "mode balance-rr",
      "--slaves",
      "3x1000",
      "--delay-us",
      "20,200,400",
      "--json"
    };
    JsonNode plain = CliRunner.json(base);
    String[] withSeries = java.util.Arrays.copyOf(base, base.length + 4);
    withSeries[base.length] = "--series";
    withSeries[base.length + 1] = csv.toString();
    withSeries[base.length + 2] = "--interval";
    withSeries[base.length + 3] = "50ms";
    JsonNode sampled = CliRunner.json(withSeries);
    // The runs differ only in their command lines.
    ((com.fasterxml.jackson.databind.node.ObjectNode) sampled).remove("command");
    ((com.fasterxml.jackson.databind.node.ObjectNode) plain).remove("command");
    assertThat(sampled).isEqualTo(plain);

    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0))
        .isEqualTo(
            "time_s,goodput_mbps,eth0_tx_bytes,eth1_tx_bytes,eth2_tx_bytes,cwnd,ssthresh,"
                + "in_flight,retransmissions,sack_reorder,reordered_at_tcp,receiver_cpu_percent");
    assertThat(lines).hasSize(11);
    assertThat(lines.get(10)).startsWith("0.500000,");
    double goodput = 0;
    long eth0 = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      goodput += Double.parseDouble(cells[1]) / 10;
      eth0 += Long.parseLong(cells[2]);
      assertThat(cells[11]).as("no CPU model: unknown, not 0").isEmpty();
    }
    assertThat(goodput).isCloseTo(plain.get("throughput_mbps").asDouble(), within(1.0));
    assertThat(eth0).isEqualTo(plain.get("slaves").get(0).get("tx_bytes").asLong());
  }

  @Test
  void udpHasNoTcpColumns(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("udp.csv");
    CliRunner run =
        CliRunner.run(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "0.2",
            "--series",
            csv.toString(),
            "--",
            "-m",
            "1472");
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> lines = Files.readAllLines(csv);
    int cwnd = List.of(lines.get(0).split(",")).indexOf("cwnd");
    String[] cells = lines.get(1).split(",", -1);
    assertThat(cells[cwnd]).isEmpty();
    assertThat(Double.parseDouble(cells[1])).isPositive();
  }

  @Test
  void anIntervalWithoutASeriesIsRefused() {
    CliRunner run = CliRunner.run("netperf", "-l", "0.1", "--interval", "10ms");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("bondsim: --interval needs --series FILE.csv\n");
  }
}
