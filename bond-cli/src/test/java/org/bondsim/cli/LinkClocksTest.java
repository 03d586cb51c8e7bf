package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * Equal cables do not tie on real NICs: each port's oscillator and octet-clock phase decide which
 * of the frames balance-rr hands to idle slaves together arrives first, so the seeds differ; with
 * {@code --link-clocks locked} the tie is exact and nothing is reordered.
 */
class LinkClocksTest {
  private static JsonNode run(String seed, String clocks) throws Exception {
    return CliRunner.json(
        "netperf",
        "-t",
        "TCP_STREAM",
        "-l",
        "0.2",
        "--bond",
        "mode balance-rr",
        "--slaves",
        "3x1000",
        "--delay-us",
        "20,20,20",
        "--link-clocks",
        clocks,
        "--seed",
        seed,
        "--json",
        "--",
        "-m",
        "16384");
  }

  private static long reordered(JsonNode json) {
    return json.at("/reordering/reordered").asLong();
  }

  @Test
  void freeRunningClocksReorderEqualCablesDifferentlyPerSeed() throws Exception {
    long one = reordered(run("1", "free"));
    long two = reordered(run("2", "free"));
    assertThat(one).isPositive();
    assertThat(two).isPositive();
    assertThat(one).isNotEqualTo(two);
  }

  @Test
  void lockedClocksTieExactly() throws Exception {
    assertThat(reordered(run("1", "locked"))).isZero();
    assertThat(reordered(run("2", "locked"))).isZero();
  }

  @Test
  void anUnknownClockWordIsRefusedNamingTheFlag() {
    CliRunner result = CliRunner.run("netperf", "--link-clocks", "drifting", "-l", "0.1");
    assertThat(result.exitCode()).isEqualTo(Main.USAGE_ERROR);
    assertThat(result.err())
        .isEqualTo("bondsim: --link-clocks must be free or locked, got 'drifting'\n");
  }
}
