package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TcpCommandTest {
  @Test
  void tcpStreamPrintsNetperfsTableTheConnectionAndTheCounters() {
    CliRunner result =
        CliRunner.run(
            "netperf", "-t", "TCP_STREAM", "-l", "0.5", "--slaves", "1x1000", "--", "-m", "16384");
    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out())
        .startsWith("MIGRATED TCP STREAM TEST")
        .contains("Recv   Send    Send")
        .contains("local tcp (ss -ti, stream 0): ts sack cubic wscale:7,7 rto:")
        .contains("local counters: TcpInSegs");
  }

  @Test
  void tcpRrJsonHasTransactionsPerSecondAndCounters() throws Exception {
    CliRunner result =
        CliRunner.run(
            "netperf",
            "-t",
            "TCP_RR",
            "-l",
            "0.5",
            "--slaves",
            "2x1000",
            "--kernel",
            "2.6.37",
            "--json",
            "--",
            "-r",
            "1,1024");
    assertThat(result.exitCode()).as(result.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(result.out());
    assertThat(json.get("transactions_per_s").asDouble()).isPositive();
    assertThat(json.at("/counters/local/TcpOutSegs").asLong()).isPositive();
    assertThat(json.get("test").asText()).isEqualTo("TCP_RR");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "net.ipv4.tcp_reordering=0|net.ipv4.tcp_reordering must be 1..300, got 0",
        "net.ipv4.tcp_congestion_control=bbr|net.ipv4.tcp_congestion_control must be one of cubic",
        "net.ipv4.tcp_nosuch=1|--sysctl net.ipv4.tcp_nosuch is not a setting any test reads;"
            + " TCP_STREAM does not take it (it takes --kernel, --sender, --sysctl bondsim.hz,"
            + " --sysctl bondsim.rcv_ssthresh, --sysctl bondsim.timer_wheel,",
      })
  void badSysctlsExitTwoNamingTheSysctlAndItsRange(String sysctl, String message) {
    CliRunner result =
        CliRunner.run("netperf", "-t", "TCP_STREAM", "-l", "0.01", "--sysctl", sysctl);
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message).doesNotContain("Exception");
    assertThat(result.err().lines().count()).isEqualTo(1);
  }

  @Test
  void badKernelExitsTwo() {
    CliRunner result =
        CliRunner.run("netperf", "-t", "TCP_STREAM", "-l", "0.01", "--kernel", "4.4");
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .contains("--kernel must be one of 6.x (6), 6.1 (61), 3.16 (316), 2.6.37 (2), got '4.4'");
  }
}
