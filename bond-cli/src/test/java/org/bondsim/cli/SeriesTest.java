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
                + "in_flight,retransmissions,sack_reorder,reordered_at_tcp,receiver_cpu_percent,"
                + "srtt_ms,reordering,dsacks,ca_state");
    assertThat(lines).hasSize(11);
    assertThat(lines.get(10)).startsWith("0.500000,");
    double goodput = 0;
    long eth0 = 0;
    long retransmissions = 0;
    long dsacks = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      goodput += Double.parseDouble(cells[1]) / 10;
      eth0 += Long.parseLong(cells[2]);
      assertThat(cells[11]).as("no CPU model: unknown, not 0").isEmpty();
      retransmissions += Long.parseLong(cells[8]);
      dsacks += Long.parseLong(cells[14]);
      assertThat(cells[15]).isIn("open", "disorder", "cwr", "recovery", "loss");
    }
    assertThat(goodput).isCloseTo(plain.get("throughput_mbps").asDouble(), within(1.0));
    assertThat(eth0).isEqualTo(plain.get("slaves").get(0).get("tx_bytes").asLong());
    // Where the network duplicates nothing, every duplicate a DSACK reports was retransmitted.
    assertThat(dsacks).isPositive().isLessThanOrEqualTo(retransmissions);
    // The last row is the connection as the run ends, which the report shows too.
    String[] last = lines.get(10).split(",", -1);
    JsonNode connection = plain.get("connection");
    assertThat(last[12])
        .isEqualTo(
            String.format(
                java.util.Locale.ROOT, "%.3f", connection.get("srtt_us").asDouble() / 1000));
    assertThat(Long.parseLong(last[13])).isEqualTo(connection.get("reordering").asLong());
  }

  @Test
  void aKernelWithoutDsackDupsLeavesThatColumnEmpty(@TempDir Path dir) throws Exception {
    List<String[]> rows =
        series(
            dir,
            "-t TCP_STREAM -l 0.2 --kernel 2.6.37 --slaves 2x1000 --delay-us 20,200",
            "--bond",
            "mode balance-rr");
    List<String> header = List.of(rows.get(0));
    for (String[] cells : rows.subList(1, rows.size())) {
      assertThat(cells[header.indexOf("dsacks")]).isEmpty();
      assertThat(Double.parseDouble(cells[header.indexOf("srtt_ms")])).isPositive();
    }
  }

  @Test
  void udpHasNoTcpColumns(@TempDir Path dir) throws Exception {
    List<String[]> rows = series(dir, "-t UDP_STREAM -l 0.2 -- -m 1472");
    List<String> header = List.of(rows.get(0));
    String[] cells = rows.get(1);
    for (String tcpOnly : List.of("cwnd", "srtt_ms", "reordering", "dsacks", "ca_state")) {
      assertThat(cells[header.indexOf(tcpOnly)]).as(tcpOnly).isEmpty();
    }
    assertThat(Double.parseDouble(cells[1])).isPositive();
  }

  /**
   * Runs {@code bondsim netperf} with a series and returns its rows, the header first.
   *
   * @param words the netperf words, split at spaces (no {@code --}: the series options go first)
   * @param quoted words with spaces in them, put before the others
   */
  private static List<String[]> series(Path dir, String words, String... quoted)
      throws java.io.IOException {
    Path csv = dir.resolve("series.csv");
    List<String> args = new java.util.ArrayList<>(List.of("netperf", "--series", csv.toString()));
    args.addAll(List.of(quoted));
    args.addAll(List.of(words.split(" ")));
    CliRunner run = CliRunner.run(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return Files.readAllLines(csv).stream().map(line -> line.split(",", -1)).toList();
  }

  @Test
  void anIntervalWithoutASeriesIsRefused() {
    CliRunner run = CliRunner.run("netperf", "-l", "0.1", "--interval", "10ms");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("bondsim: --interval needs --series FILE.csv\n");
  }
}
