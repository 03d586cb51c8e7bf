package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * netperf instances launched one after another each time their own window: on a link they saturate,
 * the first and last run with fewer rivals, so adding their rates counts more than the link
 * carried, while the aggregate over the interval all ran stays at what it carried.
 */
class StaggeredInstancesTest {
  private static JsonNode run(String... stagger) throws Exception {
    String[] base = {
      "netperf", "-t", "TCP_RR", "-l", "0.5", "--streams", "40", "--slaves", "1x1000", "--json"
    };
    String[] args = new String[base.length + stagger.length + 3];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(stagger, 0, args, base.length, stagger.length);
    args[args.length - 3] = "--";
    args[args.length - 2] = "-r";
    args[args.length - 1] = "1,1024";
    return CliRunner.json(args);
  }

  @Test
  void summedRatesExceedWhatTheLinkCarriedTheAggregateDoesNot() throws Exception {
    JsonNode together = run();
    double line = together.get("transactions_per_s").asDouble();
    assertThat(together.get("transactions_per_s_summed").asDouble()).isEqualTo(line);
    JsonNode staggered = run("--stagger", "5ms");
    double summed = staggered.get("transactions_per_s_summed").asDouble();
    double aggregate = staggered.get("transactions_per_s").asDouble();
    // 1024-byte responses take 1114 bytes of wire time each: at most 112 208 per second on 1G
    // (a response or two already on the wire when the interval opens may add to it).
    assertThat(aggregate).isLessThan(112_208 * 1.001).isCloseTo(line, within(line * 0.002));
    // 39 gaps of 5 ms in a 0.5 s window: the ends overlap less, each instance there gets more.
    assertThat(summed).isGreaterThan(aggregate * 1.2);
    // Each instance timed its full window: the total is its rate times the window, summed.
    assertThat(staggered.get("transactions").asDouble()).isCloseTo(summed * 0.5, within(1.0));
  }

  @Test
  void aStaggerThatNeverLetsAllRunOrATestThatCannotTimeWindowsIsRefused() {
    CliRunner late =
        CliRunner.run(
            "netperf",
            "-t",
            "TCP_RR",
            "-l",
            "1",
            "--streams",
            "11",
            "--stagger",
            "100ms",
            "--",
            "-r",
            "1,1");
    assertThat(late.exitCode()).isEqualTo(2);
    assertThat(late.err())
        .contains("--stagger 100ms with --streams 11")
        .doesNotContain("Exception");
    CliRunner stream =
        CliRunner.run(
            "netperf", "-t", "TCP_STREAM", "-l", "1", "--streams", "2", "--stagger", "1ms");
    assertThat(stream.exitCode()).isEqualTo(2);
    assertThat(stream.err()).contains("--stagger needs -t TCP_RR");
  }
}
