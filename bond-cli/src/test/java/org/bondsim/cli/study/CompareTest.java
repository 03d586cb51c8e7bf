package org.bondsim.cli.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompareTest {
  private static final List<String> LOSSY =
      List.of("-t", "TCP_STREAM", "-l", "0.05", "--netem", "delay 50us 20us", "--", "-m", "16384");

  @Test
  void threeBalanceRrLinksAreFoundFasterThanTwo() {
    Compare.Result r =
        Compare.builder()
            .a("-t", "TCP_STREAM", "-l", "0.2", "--slaves", "2x1000")
            .b("-t", "TCP_STREAM", "-l", "0.2", "--slaves", "3x1000")
            .seeds(1, 5)
            .threads(2)
            .run();
    Compare.Figure throughput = r.figures().get(0);
    assertThat(throughput.name()).isEqualTo("throughput_mbps");
    assertThat(throughput.detectable()).isTrue();
    assertThat(throughput.differencePercent()).isBetween(40.0, 60.0);
    assertThat(r.verdict())
        .startsWith("B (--slaves 3x1000) faster than A (--slaves 2x1000) by ")
        .endsWith(", 5 seeds)");
    assertThat(r.paired()).isTrue();
  }

  @Test
  void alongAnAxisTheRunsPairByPointAndSeed() {
    // Two delays x two seeds: four pairs. A third link helps at both delays, so the verdict holds
    // across them; the interval is over the four paired differences.
    Compare.Result r =
        Compare.builder()
            .a("-t", "TCP_STREAM", "-l", "0.2", "--slaves", "2x1000")
            .b("-t", "TCP_STREAM", "-l", "0.2", "--slaves", "3x1000")
            .vary(List.of(Axis.parse("delay-us=20:100")))
            .seeds(1, 2)
            .threads(2)
            .run();
    assertThat(r.points()).isEqualTo(2);
    assertThat(r.figures().get(0).difference().n()).isEqualTo(4);
    assertThat(r.verdict()).endsWith(", 2 seeds x 2 points)");
  }

  @Test
  void aLineComparedWithItselfOnTheSameSeedsDiffersInNothing() {
    Compare.Result r = Compare.builder().a(LOSSY).b(LOSSY).seeds(1, 4).threads(2).run();
    assertThat(r.figures()).noneMatch(Compare.Figure::detectable);
    assertThat(r.verdict()).startsWith("no difference detectable with 4 seeds: +0.0 %");
  }

  /**
   * The interval's promise: two identical lines on independent seeds, 100 times over fresh seeds,
   * are called different about 5 times in 100 (Welch's interval at 95 %); at most 10 is allowed.
   */
  @Test
  void identicalLinesOnFreshSeedsAreCalledDifferentRarely() {
    int noDifference = 0;
    List<String> verdicts = new ArrayList<>();
    for (int rep = 0; rep < 100; rep++) {
      List<Long> a = new ArrayList<>();
      List<Long> b = new ArrayList<>();
      for (long k = 0; k < 5; k++) {
        a.add(1000 + rep * 10 + k);
        b.add(1000 + rep * 10 + 5 + k);
      }
      Compare.Result r = Compare.builder().a(LOSSY).b(LOSSY).seeds(a).seedsB(b).threads(2).run();
      assertThat(r.paired()).isFalse();
      verdicts.add(r.verdict());
      if (r.verdict().startsWith("no difference detectable")) {
        noDifference++;
      }
    }
    assertThat(noDifference).as(String.join("\n", verdicts)).isGreaterThanOrEqualTo(90);
  }
}
