package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A run that cannot produce its figure of merit says why in one line and fails, as netperf does
 * when it cannot connect, instead of printing 0.00 with exit status 0.
 */
class NoFigureTest {
  private static CliRunner failed(String... args) {
    CliRunner result = CliRunner.run(args);
    assertThat(result.exitCode()).as(result.out() + result.err()).isEqualTo(1);
    assertThat(result.out()).as("no table, no JSON").isEmpty();
    assertThat(result.err().lines().count()).as(result.err()).isEqualTo(1);
    return result;
  }

  @Test
  void aSynThatNeverGetsThroughLeavesNoConnection() {
    assertThat(
            failed(
                    "netperf",
                    "-t",
                    "TCP_STREAM",
                    "-l",
                    "1",
                    "--slaves",
                    "1x1000",
                    "--netem",
                    "loss 100%")
                .err())
        .startsWith("bondsim: netperf: TCP_STREAM: the data connection never opened")
        .contains("in the test's 1 s");
  }

  @Test
  void aDelayLongerThanTheTestAndJsonAlike() {
    assertThat(
            failed(
                    "netperf",
                    "-t",
                    "TCP_RR",
                    "-l",
                    "1",
                    "--slaves",
                    "1x1000",
                    "--delay-us",
                    "2000000",
                    "--json")
                .err())
        .contains("TCP_RR: the data connection never opened");
  }

  @Test
  void anAggregatorThatNeverFormsCarriesNothing() {
    failed(
        "netperf",
        "-t",
        "TCP_STREAM",
        "-l",
        "1",
        "--bond",
        "mode 802.3ad min_links 3",
        "--slaves",
        "2x1000");
  }

  @Test
  void udpWithNothingDeliveredIsNoMeasurement() {
    assertThat(
            failed(
                    "netperf",
                    "-t",
                    "UDP_STREAM",
                    "-l",
                    "1",
                    "--slaves",
                    "1x1000",
                    "--netem",
                    "loss 100%")
                .err())
        .contains("UDP_STREAM: no datagram arrived");
  }

  @Test
  void aStreamThatOpensStillReportsItsFigure() {
    CliRunner result =
        CliRunner.run("netperf", "-t", "TCP_STREAM", "-l", "0.1", "--slaves", "1x1000");
    assertThat(result.exitCode()).isZero();
    assertThat(result.err()).isEmpty();
  }
}
