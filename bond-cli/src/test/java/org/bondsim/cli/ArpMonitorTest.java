package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ARP monitor ({@code bond_activebackup_arp_mon}, {@code bond_loadbalance_arp_mon}): failover
 * from a black-holed slave inside the {@code arp_missed_max} window, {@code arp_validate} and
 * {@code arp_all_targets} deciding what counts as proof of life, and Linux's option rules.
 */
class ArpMonitorTest {
  /** The times a host's slave had an event, in seconds from the test's start. */
  static List<Double> events(JsonNode json, String host, String slave, String event) {
    List<Double> times = new ArrayList<>();
    for (JsonNode e : json.get("bond_events")) {
      if (e.get("host").asText().equals(host)
          && e.get("slave").asText().equals(slave)
          && e.get("event").asText().equals(event)) {
        times.add(e.get("time_s").asDouble());
      }
    }
    return times;
  }

  /** A 0.1 s TCP_STREAM with these bondsim options. */
  private static CliRunner shortRun(String... options) {
    List<String> words = new ArrayList<>(List.of("netperf", "-t", "TCP_STREAM", "-l", "0.1"));
    words.addAll(List.of(options));
    return CliRunner.run(words.toArray(String[]::new));
  }

  /**
   * A UDP_STREAM through the switch over two 1G slaves with this bond and these bondsim options
   * (rate, faults, length), as JSON.
   */
  static JsonNode udpThroughSwitch(String bond, String... options) throws Exception {
    List<String> words =
        new ArrayList<>(
            List.of(
                "netperf",
                "-t",
                "UDP_STREAM",
                "--topology",
                "switch",
                "--slaves",
                "2x1000",
                "--bond",
                bond,
                "--json"));
    words.addAll(List.of(options));
    words.addAll(List.of("--", "-m", "1472"));
    return CliRunner.json(words.toArray(String[]::new));
  }

  private static JsonNode blackHoledActiveSlave(String bond) throws Exception {
    return udpThroughSwitch(
        bond, "--streams", "2", "--rate-mbps", "100", "--blackhole", "eth0@2s", "-l", "3");
  }

  // The last reply came just before 2 s; the active slave is down once a monitor run finds it
  // more than missed_max + 1/2 intervals old (bond_time_in_interval), and runs come every 100 ms.
  @ParameterizedTest
  @CsvSource({"2, 2.25, 2.35", "5, 2.55, 2.65"})
  void aBlackHoledActiveSlaveFailsOverInsideTheMissedMaxWindow(
      int missedMax, double earliest, double latest) throws Exception {
    JsonNode json =
        blackHoledActiveSlave(
            "mode active-backup arp_interval 100 arp_ip_target 10.0.0.2 arp_missed_max "
                + missedMax);
    List<Double> down = events(json, "local", "eth0", "link_down");
    assertThat(down).hasSize(1);
    assertThat(down.get(0)).isBetween(earliest - 0.1, latest);
    assertThat(events(json, "local", "eth1", "active_slave_change")).containsExactly(down.get(0));
    long lost = 0;
    for (JsonNode slave : json.get("slaves")) {
      lost += slave.path("drops_by_reason").path("blackhole").asLong();
    }
    assertThat(lost).isPositive();
  }

  // bond_ab_arp_commit fails over when a slave comes up only if nothing is active or it is the
  // primary: after the hole ends, eth0 takes over again only when it is the primary.
  @ParameterizedTest
  @CsvSource({"'', 0", "primary eth0, 1"})
  void aRecoveredSlaveTakesOverAgainOnlyAsThePrimary(String primary, int backToEth0)
      throws Exception {
    JsonNode json =
        udpThroughSwitch(
            "mode active-backup " + primary + " arp_interval 100 arp_ip_target 10.0.0.2",
            "--rate-mbps",
            "50",
            "--blackhole",
            "eth0@1s",
            "--recover",
            "eth0@2s",
            "-l",
            "3");
    assertThat(events(json, "local", "eth0", "link_up")).hasSize(1);
    assertThat(events(json, "local", "eth0", "active_slave_change").stream().filter(t -> t > 2))
        .hasSize(backToEth0);
  }

  @Test
  void withoutAFaultTheArpMonitorKeepsEverySlaveUp() throws Exception {
    JsonNode json =
        blackHoledActiveSlave("mode active-backup arp_interval 100 arp_ip_target 10.0.0.2");
    // Only the fault at 2 s takes anything down: nothing before it.
    for (JsonNode e : json.get("bond_events")) {
      if (e.get("event").asText().equals("link_down")) {
        assertThat(e.get("time_s").asDouble()).isGreaterThan(2.0);
      }
    }
  }

  private static JsonNode tcpWithTargets(String validate, String allTargets, String targets)
      throws Exception {
    return CliRunner.json(
        "netperf",
        "-t",
        "TCP_STREAM",
        "--topology",
        "switch",
        "--slaves",
        "2x1000",
        "--bond",
        "mode active-backup arp_interval 100 arp_ip_target "
            + targets
            + " arp_validate "
            + validate
            + " arp_all_targets "
            + allTargets,
        "-l",
        "2",
        "--json",
        "--",
        "-m",
        "16384");
  }

  // bonding.rst: without validation any traffic is proof of life, so the TCP ACKs keep the active
  // slave up although the target (nobody has 10.0.0.99) never answers; validating the active
  // slave counts only replies from a target, and there are none.
  @Test
  void validationDecidesWhetherTrafficWithoutArpRepliesKeepsTheActiveSlaveUp() throws Exception {
    assertThat(events(tcpWithTargets("none", "any", "10.0.0.99"), "local", "eth0", "link_down"))
        .isEmpty();
    assertThat(events(tcpWithTargets("active", "any", "10.0.0.99"), "local", "eth0", "link_down"))
        .isNotEmpty();
  }

  // arp_all_targets all: a validated slave is up only while every target answers.
  @Test
  void allTargetsNeedsEveryTargetToAnswer() throws Exception {
    String targets = "10.0.0.2,10.0.0.99";
    assertThat(events(tcpWithTargets("all", "any", targets), "local", "eth0", "link_down"))
        .isEmpty();
    assertThat(events(tcpWithTargets("all", "all", targets), "local", "eth0", "link_down"))
        .isNotEmpty();
  }

  @Test
  void arpIntervalTurnsMiimonOffWithLinuxsMessage() {
    CliRunner run =
        shortRun("--bond", "mode active-backup miimon 100 arp_interval 100 arp_ip_target 10.0.0.2");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .contains("ARP monitoring cannot be used with MII monitoring. Disabling MII monitoring");
    assertThat(run.out()).contains("miimon 0 ").contains("arp_interval 100");
  }

  // Both hosts share the bond options: the receiver's monitor asks for the sender, and its
  // /proc/net/bonding says so.
  @Test
  void eachHostsProcFileShowsTheTargetItsMonitorAsksFor() {
    CliRunner run =
        shortRun(
            "--topology",
            "switch",
            "--bond",
            "mode active-backup arp_interval 100 arp_ip_target 10.0.0.2",
            "--proc-net-bonding");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String local = run.out().substring(run.out().indexOf("local host: cat"));
    String remote = run.out().substring(run.out().indexOf("remote host: cat"));
    assertThat(local)
        .contains(
            "ARP Polling Interval (ms): 100\nARP Missed Max: 2\n"
                + "ARP IP target/s (n.n.n.n form): 10.0.0.2\n");
    assertThat(remote).contains("ARP IP target/s (n.n.n.n form): 10.0.0.1\n");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "mode 802.3ad arp_interval 100|option arp_interval: mode dependency failed, not supported"
            + " in mode 802.3ad(4)",
        "mode balance-tlb arp_validate all|option arp_validate: mode dependency failed",
        "mode active-backup arp_missed_max 0|arp_missed_max must be 1..255",
        "mode active-backup arp_ip_target 255.255.255.255|invalid ARP target 255.255.255.255",
        "mode active-backup arp_ip_target 10.0.0.2,10.0.0.2|ARP target 10.0.0.2 is already"
            + " present",
        "mode active-backup arp_validate sometimes|arp_validate must be one of none (0), active"
            + " (1), backup (2), all (3), filter (4)",
      })
  void badArpSettingsAreRefusedAsLinuxRefusesThem(String bond, String message) {
    CliRunner run = shortRun("--bond", bond);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains(message).doesNotContain("Exception");
    assertThat(run.err().lines().count()).isEqualTo(1);
  }

  @Test
  void seventeenTargetsOverfillTheTable() {
    StringBuilder targets = new StringBuilder();
    for (int i = 1; i <= 17; i++) {
      targets.append(i == 1 ? "" : ",").append("10.0.1.").append(i);
    }
    CliRunner run = shortRun("--bond", "mode active-backup arp_ip_target " + targets);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("ARP target table is full!");
  }

  // bond_check_params: a bad module target is warned about and turns ARP monitoring off; the good
  // targets are kept, a duplicate skipped.
  @Test
  void badModuleTargetsWarnAndTurnTheMonitorOffAsModprobeDoes() {
    CliRunner run =
        shortRun(
            "--bond",
            "mode active-backup",
            "--module-param",
            "arp_interval=100",
            "--module-param",
            "arp_ip_target=10.0.0.2,10.0.0.2,0.0.0.1");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .contains("duplicate address 10.0.0.2 in arp_ip_target, skipping")
        .contains(
            "bad arp_ip_target module parameter (0.0.0.1), ARP monitoring will not be performed");
    assertThat(run.out()).contains("arp_interval 0 arp_ip_target 10.0.0.2 ");
  }

  @Test
  void arpValidateAsAModuleParameterNeedsArpInterval() {
    CliRunner run = shortRun("--bond", "mode active-backup", "--module-param", "arp_validate=all");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("arp_validate requires arp_interval");
  }
}
