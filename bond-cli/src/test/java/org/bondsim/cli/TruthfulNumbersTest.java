package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.bondsim.cli.CliRunner.json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * The numbers a run prints are true or absent: each test here is one of the inputs that used to
 * give a confident wrong answer with exit 0.
 */
class TruthfulNumbersTest {
  private static CliRunner refused(String... args) {
    CliRunner result = CliRunner.run(args);
    assertThat(result.exitCode()).as(result.out() + result.err()).isEqualTo(2);
    assertThat(result.err().lines().count()).as(result.err()).isEqualTo(1);
    return result;
  }

  @Test
  void fractionalRatesAreHonoured() throws Exception {
    // 2.7 Mbit/s of 1472-byte messages, not 3.00 (it used to round to whole Mbit/s).
    JsonNode paced =
        json(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "2",
            "--rate-mbps",
            "2.7",
            "--json",
            "--",
            "-m",
            "1472");
    assertThat(paced.get("throughput_mbps").asDouble()).isCloseTo(2.7, within(0.01));
    // 0.01 Mbit/s of 125-byte messages is 10 a second (it used to run unpaced at line rate).
    JsonNode slow =
        json(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "2",
            "--rate-mbps",
            "0.01",
            "--json",
            "--",
            "-m",
            "125");
    assertThat(slow.get("messages_received").asLong()).isBetween(19L, 21L);
    refused("netperf", "-t", "UDP_STREAM", "-l", "0.1", "--rate-mbps", "NaN");
  }

  @Test
  void theSendCostAppliesToUdpAndIsRefusedWhereNothingReadsIt() throws Exception {
    // 100 us per send() caps one stream at 10 000 messages a second.
    JsonNode udp =
        json(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "1",
            "--send-cost-ns",
            "100000",
            "--json",
            "--",
            "-m",
            "1472");
    assertThat(udp.get("messages_sent").asLong()).isBetween(9_990L, 10_010L);
    for (String test : new String[] {"TCP_STREAM", "TCP_RR"}) {
      assertThat(refused("netperf", "-t", test, "-l", "0.1", "--send-cost-ns", "5").err())
          .contains("--send-cost-ns applies to UDP_STREAM; " + test + " does not take it");
    }
  }

  @Test
  void cpuCostsAreChargedOrRefusedWithWhatTheyNeed() throws Exception {
    assertThat(refused("netperf", "-l", "0.1", "--cpu-costs", "frame 300 up 1200").err())
        .contains("leaves out byte, ack, sack, tx");
    assertThat(
            refused(
                    "netperf",
                    "-l",
                    "0.1",
                    "--cpu-costs",
                    "frame 300 up 1200 byte 0.2 ack 800 sack 150 tx 1200")
                .err())
        .contains("charges receive work")
        .contains("--receiver");
    assertThat(refused("netperf", "-l", "0.1", "--cost-profile", "generic-2010").err())
        .contains("--cost-profile generic-2010 charges receive work");
    JsonNode charged =
        json(
            "netperf",
            "-l",
            "0.2",
            "--receiver",
            "gro on",
            "--cpu-costs",
            "frame 300 up 1200 byte 0.2 ack 800 sack 150 tx 1200",
            "--json");
    assertThat(charged.at("/hosts/remote/cpu_percent").asDouble()).isPositive();
    assertThat(charged.at("/hosts/remote/napi_polls").asLong()).isPositive();
  }

  @Test
  void aSaturatedCpuIsAtMostFullyBusy() throws Exception {
    JsonNode report =
        json(
            "netperf",
            "-l",
            "4",
            "--receiver",
            "gro off",
            "--cpu-costs",
            "frame 1e6 up 0 byte 0 ack 0 sack 0 tx 0",
            "--json");
    // 1 ms a frame: busy almost from the first frame's arrival (a few microseconds in) to the end
    // (the handshake's round trips and the first losses' recovery leave it idle about 10 ms), and
    // never more.
    assertThat(report.at("/hosts/remote/cpu_percent").asDouble())
        .isLessThanOrEqualTo(100.0)
        .isCloseTo(100.0, within(0.5));
    assertThat(report.at("/hosts/local/cpu_percent").asDouble()).isLessThanOrEqualTo(100.0);
  }

  @Test
  void throughASwitchBothHostsAreLearnedAndNothingFloods() throws Exception {
    JsonNode report =
        json(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "0.5",
            "--bond",
            "mode active-backup miimon 100",
            "--topology",
            "switch",
            "--json",
            "--",
            "-m",
            "1472");
    assertThat(report.at("/switch/forwarded").asLong()).isGreaterThan(40_000);
    assertThat(report.at("/switch/flooded").asLong()).isEqualTo(1); // the ARP request
    assertThat(report.at("/reordering/duplicates").asLong()).isZero();
    assertThat(report.at("/frames/balances").asBoolean()).isTrue();
  }

  @Test
  void unknownValuesAreNullNotPlausibleNumbers() throws Exception {
    // Without HyStart, nothing sets ssthresh in 0.2 s of loss-free slow start: infinite, so null.
    JsonNode tcp = json("netperf", "-l", "0.2", "--sysctl", "tcp_cubic.hystart=0", "--json");
    assertThat(tcp.at("/connection/ssthresh").isNull()).isTrue();
    // HyStart's ACK train ends slow start on a LAN: then ssthresh is the window it stopped at.
    JsonNode hystart = json("netperf", "-l", "0.2", "--json");
    assertThat(hystart.at("/connection/ssthresh").asInt()).isGreaterThanOrEqualTo(16);
    assertThat(tcp.at("/hosts/local/cpu_percent").isNull()).isTrue();
    // 60 us opens the connection (the handshake takes about 45) but no transaction completes
    // after it: no rate and no latency exist, so the run says so and fails, as a figure of 0 would
    // mislead.
    CliRunner rr = CliRunner.run("netperf", "-t", "TCP_RR", "-l", "0.00006", "--json");
    assertThat(rr.exitCode()).isEqualTo(1);
    assertThat(rr.out()).isEmpty();
    assertThat(rr.err()).contains("TCP_RR: no transaction completed in the test's 0.00006 s");
  }

  @Test
  void theReferenceCommandLinesRunAsTyped() {
    CliRunner gro =
        CliRunner.run(
            "netperf",
            "-l",
            "0.2",
            "-c",
            "-4",
            "-t",
            "TCP_STREAM",
            "-H",
            "172.17.60.216",
            "--",
            "-m",
            "1472");
    assertThat(gro.exitCode()).as(gro.err()).isZero();
    assertThat(gro.out())
        .startsWith(
            "MIGRATED TCP STREAM TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to 172.17.60.216"
                + " (172.17.60.216) port 0 AF_INET")
        .contains("1472    0.20 ")
        .contains(" -1.00    -1.00    -1.000  -1.000 ");
    CliRunner tlb =
        CliRunner.run(
            "netperf", "-t", "TCP_RR", "-l", "0.2", "-s", "5", "-H", "host", "--", "-r1,1024");
    assertThat(tlb.exitCode()).as(tlb.err()).isZero();
    assertThat(tlb.out()).contains("to host (10.0.0.2)").contains("1        1024");
  }

  @Test
  void netperfsOptionsMeanWhatTheyMeanInNetperf() throws Exception {
    // -t in any case; TCP_STREAM by default.
    assertThat(json("netperf", "-t", "udp_stream", "-l", "0.1", "--json").get("test").asText())
        .isEqualTo("UDP_STREAM");
    assertThat(json("netperf", "-l", "0.1", "--json").get("test").asText()).isEqualTo("TCP_STREAM");
    // -P 0: no banner, no headers; -v 0: the figure of merit alone.
    CliRunner quiet = CliRunner.run("netperf", "-l", "0.1", "-P", "0", "-v", "0");
    assertThat(quiet.out().strip()).matches("[0-9]+\\.[0-9]{2}");
    CliRunner noHeaders = CliRunner.run("netperf", "-l", "0.1", "-P", "0");
    assertThat(noHeaders.out()).doesNotContain("MIGRATED").doesNotContain("Socket Socket");
    // Attached values and netperf's size suffixes.
    JsonNode sized = json("netperf", "-l", "0.1", "--json", "--", "-m1472", "-s", "128K");
    assertThat(sized.get("message_size").asInt()).isEqualTo(1472);
    assertThat(sized.get("send_socket_size").asInt()).isEqualTo(2 * 131072);
    // -s waits before the test: the measured interval is still -l long, and -H names the host.
    JsonNode waited = json("netperf", "-l", "0.1", "-s", "1", "-H", "10.9.9.9", "--json");
    assertThat(waited.get("elapsed_s").asDouble()).isEqualTo(0.1);
    assertThat(waited.get("throughput_mbps").asDouble()).isGreaterThan(1000);
    // Not modelled: refused by name.
    assertThat(refused("netperf", "-l", "0.1", "-d").err()).contains("netperf option -d");
    assertThat(refused("netperf", "-l", "0.1", "-6").err()).contains("IPv4 only");
    assertThat(refused("netperf", "-l", "-1000").err()).contains("byte or transaction count");
    assertThat(refused("netperf", "-l", "0.1", "-H", "host,6").err()).contains("IPv4 only");
    assertThat(CliRunner.run("netperf", "-V").out()).startsWith("bondsim 0.1.0");
  }

  @Test
  void cpuColumnsWithoutAModelAreUnknownAndChangeNothing() throws Exception {
    JsonNode observed = json("netperf", "-l", "0.2", "-c", "-C", "--json");
    JsonNode plain = json("netperf", "-l", "0.2", "--json");
    assertThat(observed.at("/hosts/local/cpu_percent").isNull()).isTrue();
    assertThat(observed.at("/hosts/remote/cpu_percent").isNull()).isTrue();
    assertThat(observed.get("throughput_mbps")).isEqualTo(plain.get("throughput_mbps"));
    JsonNode modelled =
        json("netperf", "-l", "0.2", "-c", "-C", "--host-profile", "default", "--json");
    assertThat(modelled.at("/hosts/local/cpu_percent").asDouble()).isPositive();
    assertThat(modelled.at("/hosts/remote/cpu_percent").asDouble()).isPositive();
    assertThat(refused("netperf", "-l", "0.1", "-c", "--cost-profile", "none").err())
        .contains("charges no CPU time");
  }

  @Test
  void linuxRefusesAndRoundsMonitorDelaysAndSoDoesBondsim() {
    assertThat(refused("netperf", "-l", "0.1", "--bond", "mode active-backup updelay 200").err())
        .contains("Unable to set up delay as MII monitoring is disabled");
    CliRunner rounded =
        CliRunner.run(
            "netperf", "-l", "0.1", "--bond", "mode active-backup miimon 100 updelay 250");
    assertThat(rounded.exitCode()).isZero();
    assertThat(rounded.err())
        .isEqualTo(
            "bondsim: warning: bond0: up delay (250) is not a multiple of miimon (100), value"
                + " rounded to 200 ms\n");
    assertThat(rounded.out()).contains("updelay 200");
  }
}
