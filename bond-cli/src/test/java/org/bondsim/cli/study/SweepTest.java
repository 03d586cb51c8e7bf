package org.bondsim.cli.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepTest {
  /** Short runs whose figures move with the seed (netem jitter) and with the axes. */
  private static Grid grid() {
    return Grid.builder()
        .netperf(
            "-t", "TCP_STREAM", "-l", "0.05", "--netem", "delay 50us 20us", "--", "-m", "16384")
        .vary(Axis.parse("slaves=1x1000,2x1000"))
        .vary(Axis.parse("net.ipv4.tcp_reordering=3,30"))
        .seeds(1, 3)
        .build();
  }

  private static String sweep(Path dir, Grid grid, int threads) throws Exception {
    try (SweepOutput out = SweepOutput.open(dir, grid)) {
      new Sweep(grid).threads(threads).run(out.done(), out::append, (d, t) -> {});
    }
    return Files.readString(dir.resolve("runs.csv")) + Files.readString(dir.resolve("runs.jsonl"));
  }

  @Test
  void theRowsAreTheSameByteForByteWithOneThreadOrTwo(@TempDir Path dir) throws Exception {
    Grid grid = grid();
    String one = sweep(dir.resolve("one"), grid, 1);
    String two = sweep(dir.resolve("two"), grid, 2);
    assertThat(two).isEqualTo(one);
    List<String> lines = Files.readAllLines(dir.resolve("one/runs.csv"));
    assertThat(lines).hasSize(1 + 4 * 3);
    assertThat(lines.get(0)).startsWith("run,slaves,net.ipv4.tcp_reordering,seed,test,failure,");
    assertThat(lines.get(1)).startsWith("0,1x1000,3,1,TCP_STREAM,,");
    assertThat(lines.get(12)).startsWith("11,2x1000,30,3,TCP_STREAM,,");
    // The seed matters (netem jitter reorders at random), so the rows of one point are not copies
    // of each other.
    List<RunRow> rows = new Sweep(grid).threads(2).run();
    assertThat(rows.subList(0, 3).stream().map(r -> r.value("throughput_mbps")).distinct())
        .hasSize(3);
  }

  @Test
  void aSweepCutAnywhereResumesWithEveryRowExactlyOnce(@TempDir Path dir) throws Exception {
    Grid grid = grid();
    String whole = sweep(dir.resolve("whole"), grid, 2);
    Path cut = dir.resolve("cut");
    sweep(cut, grid, 2);
    // As a kill -9 can leave them: runs.csv one row and a half further than runs.jsonl.
    byte[] csv = Files.readAllBytes(cut.resolve("runs.csv"));
    byte[] jsonl = Files.readAllBytes(cut.resolve("runs.jsonl"));
    List<String> csvLines = Files.readAllLines(cut.resolve("runs.csv"));
    List<String> jsonLines = Files.readAllLines(cut.resolve("runs.jsonl"));
    int keepCsv = String.join("\n", csvLines.subList(0, 8)).length() + 1 + 5;
    int keepJson = String.join("\n", jsonLines.subList(0, 6)).length() + 1 + 9;
    Files.write(cut.resolve("runs.csv"), java.util.Arrays.copyOf(csv, keepCsv));
    Files.write(cut.resolve("runs.jsonl"), java.util.Arrays.copyOf(jsonl, keepJson));
    try (SweepOutput out = SweepOutput.open(cut, grid)) {
      assertThat(out.done()).isEqualTo(6);
    }
    assertThat(sweep(cut, grid, 1)).isEqualTo(whole);
    // A finished sweep run again runs nothing and changes nothing.
    assertThat(sweep(cut, grid, 2)).isEqualTo(whole);
  }

  @Test
  void aDirectoryOfAnotherGridIsRefused(@TempDir Path dir) throws Exception {
    sweep(dir, grid(), 2);
    Grid other =
        Grid.builder()
            .netperf("-t", "TCP_STREAM", "-l", "0.05")
            .vary("slaves", "1x1000")
            .seeds(1, 2)
            .build();
    assertThatThrownBy(() -> SweepOutput.open(dir, other))
        .hasMessageContaining("holds another sweep");
  }

  @Test
  void theSummaryGivesEachPointsMeanWithStudentsInterval(@TempDir Path dir) throws Exception {
    Grid grid = grid();
    sweep(dir, grid, 2);
    List<RunRow> rows;
    try (SweepOutput out = SweepOutput.open(dir, grid)) {
      rows = out.rows();
    }
    List<Summary.Row> summary = Summary.of(grid, rows);
    Summary.Row first =
        summary.stream().filter(r -> r.figure().equals("throughput_mbps")).findFirst().get();
    double[] values =
        rows.subList(0, 3).stream().mapToDouble(r -> r.value("throughput_mbps")).toArray();
    double mean = (values[0] + values[1] + values[2]) / 3;
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    // t(0.975, 2 degrees of freedom) = 4.302652729749464 (tables).
    double half = 4.302652729749464 * Math.sqrt(ss / 2) / Math.sqrt(3);
    assertThat(first.axisValues()).containsExactly("1x1000", "3");
    assertThat(first.estimate().mean()).isCloseTo(mean, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(first.estimate().ciHigh() - mean)
        .isCloseTo(half, org.assertj.core.data.Offset.offset(1e-6));
    // Latency is no figure of a stream test: not summarised, not zero.
    assertThat(summary).noneMatch(r -> r.figure().equals("p99_latency_us"));
    String csv = Summary.csv(grid, summary);
    assertThat(csv.lines().findFirst().get())
        .isEqualTo(
            "slaves,net.ipv4.tcp_reordering,figure,runs,failed,n,mean,sd,ci95_low,ci95_high");
  }

  @Test
  void theEstimateOfOneValueHasNoInterval() {
    Estimate e = Estimate.of(5.0);
    assertThat(e.mean()).isEqualTo(5.0);
    assertThat(e.ciLow()).isNaN();
    assertThat(e.excludesZero()).isFalse();
    Estimate w = Estimate.welch(new double[] {1, 2, 3}, new double[] {11, 12, 13});
    assertThat(w.mean()).isEqualTo(10.0);
    assertThat(w.excludesZero()).isTrue();
  }

  @Test
  void thePlotIsAPictureOfItsLines(@TempDir Path dir) throws Exception {
    Grid grid = grid();
    sweep(dir, grid, 2);
    List<RunRow> rows;
    try (SweepOutput out = SweepOutput.open(dir, grid)) {
      rows = out.rows();
    }
    SweepPlot plot = SweepPlot.parse("throughput_mbps:slaves:net.ipv4.tcp_reordering", grid);
    List<Path> files = plot.draw(dir, grid, Summary.of(grid, rows));
    assertThat(files)
        .extracting(p -> p.getFileName().toString())
        .containsExactly(
            "throughput_mbps-by-slaves-per-net.ipv4.tcp_reordering.png",
            "throughput_mbps-by-slaves-per-net.ipv4.tcp_reordering.svg");
    java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(files.get(0).toFile());
    assertThat(image.getWidth()).isEqualTo(1000);
    assertThat(image.getHeight()).isEqualTo(560);
    // Not blank: the lines' two colours are drawn.
    java.util.Set<Integer> colours = new java.util.HashSet<>();
    for (int x = 0; x < image.getWidth(); x += 2) {
      for (int y = 0; y < image.getHeight(); y += 2) {
        colours.add(image.getRGB(x, y));
      }
    }
    assertThat(colours.size()).isGreaterThan(20);
    assertThat(colours).contains(0xff1f77b4, 0xffd62728);
    String svg = Files.readString(files.get(1), StandardCharsets.UTF_8);
    assertThat(svg).startsWith("<?xml").contains("<svg").hasSizeGreaterThan(5000);
    assertThat(plot.caption(grid, List.of()))
        .isEqualTo("throughput_mbps (Mbit/s) against slaves, a line per net.ipv4.tcp_reordering");
  }
}
