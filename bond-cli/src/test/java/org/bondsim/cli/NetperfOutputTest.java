package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** netperf's CPU columns (-c, -C) and its omni output selectors (-o, -O, -k) after '--'. */
class NetperfOutputTest {
  private static String[] args(String... extra) {
    List<String> words =
        new ArrayList<>(
            List.of(
                "netperf",
                "-c",
                "-C",
                "-4",
                "--host-profile",
                "default",
                "-t",
                "TCP_STREAM",
                "-H",
                "172.17.60.216",
                "-l",
                "0.2",
                "--bond",
                "mode balance-rr",
                "--slaves",
                "3x1000"));
    words.addAll(List.of(extra));
    return words.toArray(String[]::new);
  }

  @Test
  void cpuColumnsAreNetperfsAndCarryTheJsonsFigures() throws Exception {
    CliRunner text = CliRunner.run(args("--", "-m", "1472"));
    assertThat(text.exitCode()).as(text.err()).isZero();
    List<String> lines = text.out().lines().toList();
    assertThat(lines.get(1))
        .isEqualTo("Recv   Send    Send                          Utilization       Service Demand");
    assertThat(lines.get(4))
        .isEqualTo("bytes  bytes   bytes    secs.    10^6bits/s  % S      % S      us/KB   us/KB");
    String[] row = lines.get(6).trim().split("\\s+");
    JsonNode json = CliRunner.json(args("--json", "--", "-m", "1472"));
    JsonNode local = json.get("hosts").get("local");
    JsonNode remote = json.get("hosts").get("remote");
    assertThat(row).hasSize(9);
    assertThat(row[4]).isEqualTo(f2(json.get("throughput_mbps").asDouble()));
    assertThat(row[5]).isEqualTo(f2(local.get("cpu_percent").asDouble()));
    assertThat(row[6]).isEqualTo(f2(remote.get("cpu_percent").asDouble()));
    assertThat(row[7]).isEqualTo(f3(local.get("service_demand_us_per_kb").asDouble()));
    assertThat(row[8]).isEqualTo(f3(remote.get("service_demand_us_per_kb").asDouble()));
  }

  @Test
  void anUnaskedSideIsNetperfsMinusOne() {
    CliRunner rr =
        CliRunner.run(
            "netperf",
            "-c",
            "--host-profile",
            "default",
            "-t",
            "TCP_RR",
            "-l",
            "0.2",
            "--",
            "-r",
            "1,1024");
    assertThat(rr.exitCode()).as(rr.err()).isZero();
    List<String> lines = rr.out().lines().toList();
    assertThat(lines.get(2))
        .isEqualTo("Socket Size   Request Resp.  Elapsed Trans.   CPU    CPU    S.dem   S.dem");
    String[] row = lines.get(6).trim().split("\\s+");
    assertThat(row[7]).isEqualTo("-1.00");
    assertThat(row[9]).isEqualTo("-1.000");
    assertThat(Double.parseDouble(row[8])).isPositive();
  }

  @Test
  void verbosityZeroWithCpuPrintsTheServiceDemand() throws Exception {
    CliRunner quiet = CliRunner.run(args("-P", "0", "-v", "0", "--", "-m", "1472"));
    JsonNode json = CliRunner.json(args("--json", "--", "-m", "1472"));
    double demand = json.get("hosts").get("local").get("service_demand_us_per_kb").asDouble();
    assertThat(quiet.out()).isEqualTo(String.format(Locale.ROOT, "%6.3f S%n", demand));
  }

  @Test
  void keyvalLinesEqualTheJson() throws Exception {
    CliRunner text = CliRunner.run(args("--", "-m", "1472", "-k", "THROUGHPUT,LOCAL_CPU_UTIL"));
    assertThat(text.exitCode()).as(text.err()).isZero();
    JsonNode json = CliRunner.json(args("--json", "--", "-m", "1472"));
    assertThat(text.out().lines().toList())
        .containsExactly(
            "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to 172.17.60.216"
                + " (172.17.60.216) port 0 AF_INET : simulated",
            "THROUGHPUT=" + f2(json.get("throughput_mbps").asDouble()),
            "LOCAL_CPU_UTIL=" + f2(json.get("hosts").get("local").get("cpu_percent").asDouble()));
  }

  @Test
  void noHeadersDropsTheBannerAndTheCsvHeader() {
    CliRunner keyval = CliRunner.run(args("-P", "0", "--", "-m", "1472", "-k", "PROTOCOL"));
    assertThat(keyval.out()).isEqualTo("PROTOCOL=TCP\n");
    CliRunner csv =
        CliRunner.run(args("-P", "0", "--", "-m", "1472", "-o", "LOCAL_SEND_SIZE,DIRECTION"));
    assertThat(csv.out()).isEqualTo("1472,Send\n");
    CliRunner withHeader = CliRunner.run(args("--", "-m", "1472", "-o", "LOCAL_SEND_SIZE"));
    assertThat(withHeader.out().lines().skip(1).toList())
        .containsExactly("Local Send Size", "1472");
  }

  @Test
  void humanColumnsStackTheHeaderWords() {
    CliRunner human =
        CliRunner.run(args("-P", "1", "--", "-m", "1472", "-O", "ELAPSED_TIME;PROTOCOL"));
    assertThat(human.out().lines().skip(1).toList())
        .containsExactly("Elapsed Protocol", "Time", "(sec)", "0.20    TCP");
  }

  @Test
  void aFileOfSelectorsIsRead(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("selectors");
    Files.writeString(file, "THROUGHPUT_UNITS\nSD_UNITS\n");
    CliRunner run = CliRunner.run(args("-P", "0", "--", "-m", "1472", "-k", file.toString()));
    assertThat(run.out()).isEqualTo("THROUGHPUT_UNITS=10^6bits/s\nSD_UNITS=usec/KB\n");
  }

  @Test
  void anUnknownOrInapplicableSelectorIsRefusedByName() {
    CliRunner unknown = CliRunner.run(args("--", "-m", "1472", "-k", "THROUGHPUT,TPUT"));
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.out()).isEmpty();
    assertThat(unknown.err())
        .startsWith("bondsim: -- -k output selector 'TPUT' is not one bondsim reports; allowed:")
        .doesNotContain("Exception");
    assertThat(unknown.err().lines().count()).isEqualTo(1);
    CliRunner latency = CliRunner.run(args("--", "-m", "1472", "-k", "P99_LATENCY"));
    assertThat(latency.exitCode()).isEqualTo(2);
    assertThat(latency.err())
        .startsWith(
            "bondsim: -- -k output selector P99_LATENCY has no value in TCP_STREAM as bondsim"
                + " models it; allowed for TCP_STREAM: THROUGHPUT,");
    CliRunner both = CliRunner.run(args("--json", "--", "-m", "1472", "-k", "THROUGHPUT"));
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).contains("--json and -- -k both choose the output");
  }

  @Test
  void everyTcpTestPrintsSsLinesAndAllStreamsPrintsEachOne() {
    CliRunner rr =
        CliRunner.run(
            "netperf",
            "-t",
            "TCP_RR",
            "-l",
            "0.2",
            "--streams",
            "2",
            "--all-streams",
            "--",
            "-r",
            "1,1024");
    assertThat(rr.exitCode()).as(rr.err()).isZero();
    assertThat(rr.out())
        .containsPattern(
            "local tcp \\(ss -ti, stream 0\\): ts sack cubic wscale:7,7 rto:\\d+ rtt:[0-9.]+/[0-9.]+"
                + " mss:1448 pmtu:1500 ")
        .contains("local tcp (ss -ti, stream 1): ts sack cubic")
        .doesNotContain("stream 2)");
  }

  @Test
  void nstatPrintsEveryCounterWithItsMeanRate() throws Exception {
    CliRunner text = CliRunner.run(args("--nstat", "--", "-m", "1472"));
    JsonNode json = CliRunner.json(args("--json", "--", "-m", "1472"));
    long inSegs = json.get("counters").get("remote").get("TcpInSegs").asLong();
    String expected =
        String.format(Locale.ROOT, "%-32s%-16d%6.1f", "TcpInSegs", inSegs, inSegs / 0.2);
    String remote = text.out().substring(text.out().indexOf("remote host: nstat -az\n"));
    assertThat(remote.lines().toList())
        .contains(
            "#kernel",
            expected,
            String.format(Locale.ROOT, "%-32s%-16d%6.1f", "TcpExtTCPTimeouts", 0, 0.0));
  }

  @Test
  void demoModePrintsInterimResultsAfterTheBanner() throws Exception {
    CliRunner run = CliRunner.run("netperf", "-D", "0.05", "-t", "TCP_STREAM", "-l", "0.2");
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> lines = run.out().lines().toList();
    assertThat(lines.get(0)).startsWith("MIGRATED TCP STREAM TEST");
    assertThat(lines.subList(1, 5))
        .allMatch(
            l ->
                l.matches(
                    "Interim result: +[0-9]+\\.[0-9]{2} 10\\^6bits/s over 0\\.050 seconds ending at"
                        + " 0\\.[0-9]{3}"));
    assertThat(lines.get(4)).endsWith("ending at 0.200");
    assertThat(lines.get(5)).startsWith("Recv   Send    Send");
    CliRunner bad = CliRunner.run("netperf", "-D", "soon", "-l", "0.1");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).startsWith("bondsim: -D interval must be seconds");
  }

  /**
   * netperf sets IP_RECVERR on its UDP socket, so a frame the full qdisc drops fails its send()
   * with ENOBUFS: counted in Errors, not in the messages sent.
   */
  @Test
  void udpSendErrorsAreTheFramesTheHostDropped() throws Exception {
    List<String> run =
        List.of(
            "netperf", "-t", "UDP_STREAM", "-l", "0.2", "--slaves", "1x1000", "--txqueuelen", "10");
    List<String> test = List.of("--", "-m", "1472", "-s", "1M");
    List<String> json = new ArrayList<>(run);
    json.add("--json");
    json.addAll(test);
    JsonNode figures = CliRunner.json(json.toArray(String[]::new));
    long errors = figures.get("send_errors").asLong();
    assertThat(errors).isPositive().isEqualTo(figures.get("slaves").get(0).get("drops").asLong());
    // What left is at most what 1G carries: 1538 bytes on the wire per 1472-byte message.
    assertThat(figures.get("send_throughput_mbps").asDouble()).isLessThan(960);
    List<String> table = new ArrayList<>(run);
    table.addAll(test);
    CliRunner text = CliRunner.run(table.toArray(String[]::new));
    String[] sending = text.out().lines().toList().get(5).trim().split("\\s+");
    assertThat(Long.parseLong(sending[4])).isEqualTo(errors);
  }

  /**
   * netperf -v 2 on TCP_STREAM adds the send/receive call block and the MSS: the bytes handed over
   * are the send calls times the message, and the receive calls carry what the receiver read.
   */
  @Test
  void verbosityTwoAddsTheCallCountsAndTheMss() throws Exception {
    CliRunner text = CliRunner.run(args("-v", "2", "--", "-m", "1472"));
    assertThat(text.exitCode()).as(text.err()).isZero();
    List<String> lines = text.out().lines().toList();
    int header =
        lines.indexOf("Send   Recv    Send   Recv             Send (avg)          Recv (avg)");
    assertThat(header).isPositive();
    String[] row = lines.get(header + 1).trim().split("\\s+");
    assertThat(row).hasSize(9);
    long bytes = Long.parseLong(row[4]);
    long sends = Long.parseLong(row[6]);
    long recvs = Long.parseLong(row[8]);
    assertThat(row[0]).isEqualTo("8");
    assertThat(bytes).isEqualTo(sends * 1472);
    assertThat(Double.parseDouble(row[5])).isEqualTo(1472.0);
    assertThat(recvs).isPositive();
    JsonNode json = CliRunner.json(args("--json", "--", "-m", "1472"));
    double readBytes = json.get("throughput_mbps").asDouble() * 1e6 / 8 * 0.2;
    assertThat(Double.parseDouble(row[7]) * recvs).isCloseTo(readBytes, within(readBytes * 1e-3));
    assertThat(lines.get(lines.indexOf("Size (bytes)") + 1).trim()).isEqualTo("1448");
    // -v 1 (the default) has no such block.
    assertThat(CliRunner.run(args("--", "-m", "1472")).out()).doesNotContain("Alignment");
  }

  @Test
  void verbosityTwoOnTcpRrAddsLatencyAndBothDirections() {
    CliRunner text =
        CliRunner.run(
            "netperf",
            "-t",
            "TCP_RR",
            "-l",
            "0.2",
            "--slaves",
            "1x1000",
            "-v",
            "2",
            "--",
            "-r",
            "100,1000");
    List<String> lines = text.out().lines().toList();
    int header =
        lines.indexOf("Send   Recv    Send   Recv    usec/Tran  per sec  Outbound   Inbound");
    assertThat(header).as(text.out()).isPositive();
    String[] row = lines.get(header + 1).trim().split("\\s+");
    double latency = Double.parseDouble(row[4]);
    double rate = Double.parseDouble(row[5]);
    assertThat(latency).isCloseTo(1e6 / rate, within(0.01));
    assertThat(Double.parseDouble(row[6])).isCloseTo(rate * 100 * 8 / 1e6, within(0.001));
    assertThat(Double.parseDouble(row[7])).isCloseTo(rate * 1000 * 8 / 1e6, within(0.001));
  }

  private static String f2(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }

  private static String f3(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
