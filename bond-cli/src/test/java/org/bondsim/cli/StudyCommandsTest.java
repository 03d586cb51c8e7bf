package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StudyCommandsTest {
  @Test
  void aSweepWritesItsTablesSummaryAndPlots(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");
    CliRunner r =
        CliRunner.run(
            "sweep",
            "--out",
            out.toString(),
            "--vary",
            "slaves=1x1000:2x1000",
            "--seeds",
            "1..2",
            "--threads",
            "2",
            "--plot",
            "throughput_mbps:slaves",
            "netperf",
            "-t",
            "TCP_STREAM",
            "-l",
            "0.05");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out())
        .startsWith("sweep: 4 runs (2 points x 2 seeds) on 2 threads in " + out)
        .contains("throughput_mbps-by-slaves.png", "throughput_mbps-by-slaves.svg");
    assertThat(Files.readAllLines(out.resolve("runs.csv"))).hasSize(5);
    assertThat(Files.readAllLines(out.resolve("runs.jsonl"))).hasSize(4);
    assertThat(Files.readString(out.resolve("summary.csv")))
        .contains("\n2x1000,throughput_mbps,2,0,2,");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "speed=1,2|--vary speed: bondsim netperf has no option --speed",
        "slaves=|--vary slaves: an empty value",
        "streams=3..1|--vary streams: the range 3..1 has no values",
        "slaves=2x1000,2xfast|--vary slaves=2xfast: --slaves",
        "bond.mode=balance-rr,fastest|--vary bond.mode=fastest: ",
        "net.ipv4.tcp_reordering=3,0|--vary net.ipv4.tcp_reordering=0: "
      })
  void aBadAxisIsOneLineAndNoRun(String axis, String message, @TempDir Path dir) {
    Path out = dir.resolve("out");
    CliRunner r =
        CliRunner.run(
            "sweep", "--out", out.toString(), "--vary", axis, "netperf", "-t", "TCP_STREAM");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("bondsim: " + message).hasLineCount(1);
    assertThat(r.err()).doesNotContain("Exception", "org.bondsim");
    assertThat(out).doesNotExist();
  }

  @Test
  void compareSpeaksJsonWithEveryFigure() throws Exception {
    JsonNode root =
        CliRunner.json(
            "compare",
            "--seeds",
            "1..3",
            "--json",
            "-t TCP_STREAM -l 0.1 --slaves 2x1000 --bond 'mode balance-rr'",
            "netperf -t TCP_STREAM -l 0.1 --slaves 3x1000 --bond 'mode balance-rr'");
    assertThat(root.get("seeds").toString()).isEqualTo("[1,2,3]");
    JsonNode first = root.get("figures").get(0);
    assertThat(first.get("name").asText()).isEqualTo("throughput_mbps");
    assertThat(first.get("detectable").asBoolean()).isTrue();
    assertThat(first.get("difference_percent").asDouble()).isBetween(40.0, 60.0);
    assertThat(first.has("a_mean") && first.has("b_mean") && first.has("ci_low_percent")).isTrue();
    assertThat(root.get("verdict").asText())
        .startsWith("B (--slaves 3x1000) faster than A (--slaves 2x1000) by ");
  }

  @Test
  void aBadLineOrSeedListIsOneLine() {
    CliRunner r = CliRunner.run("compare", "-t TCP_STREAM --slaves 2xfast", "-t TCP_STREAM");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("bondsim: line A: --slaves").hasLineCount(1);
    r = CliRunner.run("compare", "--seeds", "5", "-t TCP_STREAM", "-t TCP_STREAM");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("bondsim: seeds: at least two per side").hasLineCount(1);
    r = CliRunner.run("compare", "-t TCP_STREAM --bond 'mode", "-t TCP_STREAM");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("bondsim: line A: an unclosed ' quote").hasLineCount(1);
  }

  @Test
  void aComparisonWhoseRunsMeasureNothingFails() {
    CliRunner r =
        CliRunner.run(
            "compare",
            "--seeds",
            "1,2",
            "-t TCP_STREAM -l 0.1 --netem 'loss 100%'",
            "-t TCP_STREAM -l 0.1");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).startsWith("bondsim: compare: A with seed 1 measured nothing: ");
    assertThat(r.out()).isEmpty();
  }
}
