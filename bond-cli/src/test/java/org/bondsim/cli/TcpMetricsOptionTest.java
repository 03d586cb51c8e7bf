package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * --tcp-metrics: a run starts from the sending host's saved entry for its peer and prints the entry
 * its connections leave, which the next run takes as it is printed (2.6.37's route cache here:
 * consecutive runs share the reordering level the first one learned).
 */
class TcpMetricsOptionTest {
  private static JsonNode run(String metrics) throws Exception {
    return CliRunner.json(
        "netperf",
        "-t",
        "TCP_STREAM",
        "-l",
        "2",
        "--kernel",
        "2.6.37",
        "--slaves",
        "3x100",
        "--delay-us",
        "200",
        "--tcp-metrics",
        metrics,
        "--json");
  }

  @Test
  void theEntryARunLeavesStartsTheNextOne() throws Exception {
    JsonNode first = run("flush");
    String entry = first.get("tcp_metrics").asText();
    // The first connection raised its level above the sysctl's 3 (balance-rr reorders), so the
    // route cache keeps it.
    assertThat(entry).startsWith("10.0.0.2 age 0.000sec ").contains(" reordering ");
    int learned = first.get("connection").get("reordering").asInt();
    assertThat(learned).isGreaterThan(3);
    assertThat(entry).contains(" reordering " + learned + " ");
    JsonNode second = run(entry);
    assertThat(second.get("connection").get("reordering").asInt()).isGreaterThanOrEqualTo(learned);
    // Without the option the run keeps no metrics and prints none.
    JsonNode plain =
        CliRunner.json("netperf", "-t", "TCP_STREAM", "-l", "0.2", "--kernel", "2.6.37", "--json");
    assertThat(plain.has("tcp_metrics")).isFalse();
  }

  @Test
  void theTextReportPrintsTheEntryAfterTheTable() {
    CliRunner run = CliRunner.run("netperf", "-l", "0.2", "--tcp-metrics", "reordering 30 rtt 1ms");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .containsPattern(
            "ip tcp_metrics show \\(local, after the test\\): 10\\.0\\.0\\.2 age 0\\.000sec .*"
                + " source 10\\.0\\.0\\.1\n");
  }

  @Test
  void aBadEntryOrATestWithoutTcpIsRefusedInOneLine() {
    CliRunner bad = CliRunner.run("netperf", "-l", "0.2", "--tcp-metrics", "rtt 2 ms");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err().strip())
        .startsWith("bondsim: --tcp-metrics must be an entry as 'ip tcp_metrics show' prints it")
        .endsWith("got 'rtt 2 ms'")
        .doesNotContain("Exception");
    CliRunner udp = CliRunner.run("netperf", "-t", "UDP_STREAM", "--tcp-metrics", "flush");
    assertThat(udp.exitCode()).isEqualTo(2);
    assertThat(udp.err().strip())
        .startsWith("bondsim: --tcp-metrics applies to TCP_RR, TCP_STREAM; UDP_STREAM does not");
  }

  @ParameterizedTest
  @ValueSource(strings = {"2.6.37", "3.16"})
  void kernelsBefore56HaveNoSsthreshMetricsSysctl(String kernel) {
    CliRunner run =
        CliRunner.run(
            "netperf",
            "-l",
            "0.2",
            "--kernel",
            kernel,
            "--sysctl",
            "net.ipv4.tcp_no_ssthresh_metrics_save=1");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "bondsim: net.ipv4.tcp_no_ssthresh_metrics_save=1 is not a sysctl of "
                + kernel
                + " (it came with 5.6; before it the metrics always carry ssthresh); allowed"
                + " under --kernel "
                + kernel
                + ": leave it out");
  }
}
