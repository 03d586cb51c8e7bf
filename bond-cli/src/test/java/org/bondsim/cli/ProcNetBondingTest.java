package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** {@code --proc-net-bonding}: each host's /proc/net/bonding/bond0 in the driver's format. */
class ProcNetBondingTest {
  private static String section(String out, String host) {
    int start = out.indexOf(host + " host: cat /proc/net/bonding/bond0\n");
    assertThat(start).as(out).isNotNegative();
    int end = out.indexOf(" host: cat /proc/net/bonding/bond0", start + host.length() + 10);
    return end < 0
        ? out.substring(start)
        : out.substring(start, out.lastIndexOf('\n', out.lastIndexOf('\n', end) - 1) + 1);
  }

  @Test
  void aFailedSlaveCountsOneLinkFailureAndTheBackupTakesOver() {
    CliRunner run =
        CliRunner.run(
            "netperf",
            "-t",
            "TCP_STREAM",
            "-l",
            "2",
            "--bond",
            "mode active-backup miimon 100",
            "--slaves",
            "2x1000",
            "--fail",
            "eth0@1s",
            "--proc-net-bonding",
            "--",
            "-m",
            "16384");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String local = section(run.out(), "local");
    assertThat(local)
        .contains(
            "Ethernet Channel Bonding Driver: v6.x (bondsim)\n"
                + "Bonding Mode: fault-tolerance (active-backup)\n"
                + "Primary Slave: None\n"
                + "Currently Active Slave: eth1\n"
                + "MII Status: up\n"
                + "MII Polling Interval (ms): 100\n"
                + "Up Delay (ms): 0\n"
                + "Down Delay (ms): 0\n"
                + "Peer Notification Delay (ms): 0\n"
                + "\n"
                + "Slave Interface: eth0\n"
                + "MII Status: down\n"
                + "Speed: 1000 Mbps\n"
                + "Duplex: full\n"
                + "Link Failure Count: 1\n"
                + "Permanent HW addr: 02:00:00:01:00:01\n"
                + "Slave queue ID: 0\n"
                + "\n"
                + "Slave Interface: eth1\n"
                + "MII Status: up\n");
  }

  /**
   * A short run of {@code bond} over two 1G slaves under {@code kernel}, with both hosts' files.
   */
  private static CliRunner hashingBond(String kernel, String bond) {
    CliRunner run =
        CliRunner.run(
            "netperf",
            "-t",
            "TCP_STREAM",
            "-l",
            "0.1",
            "--kernel",
            kernel,
            "--bond",
            bond,
            "--slaves",
            "2x1000",
            "--proc-net-bonding");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  @Test
  void hashingModesPrintTheirPolicyWithItsNumberAnd2637ItsOwnVersion() {
    CliRunner run = hashingBond("2.6.37", "mode balance-xor xmit_hash_policy layer3+4 miimon 100");
    assertThat(section(run.out(), "remote"))
        .startsWith(
            "remote host: cat /proc/net/bonding/bond0\n"
                + "Ethernet Channel Bonding Driver: v3.7.0 (June 2, 2010)\n"
                + "Bonding Mode: load balancing (xor)\n"
                + "Transmit Hash Policy: layer3+4 (1)\n"
                + "MII Status: up\n"
                + "MII Polling Interval (ms): 100\n"
                + "Up Delay (ms): 0\n"
                + "Down Delay (ms): 0\n"
                + "\n"
                + "Slave Interface: eth0\n")
        .doesNotContain("Peer Notification");
  }

  @Test
  void linux316PrintsItsDriverVersionMinLinksAndNoLacpActive() {
    CliRunner run = hashingBond("3.16", "mode 802.3ad xmit_hash_policy layer3+4 miimon 100");
    // 3.16's bond_procfs.c: bonding.h's DRV_VERSION 3.7.1, "Min links" but no "LACP active" or
    // system priority, and each slave's aggregator before its queue ID.
    assertThat(section(run.out(), "remote"))
        .startsWith(
            "remote host: cat /proc/net/bonding/bond0\n"
                + "Ethernet Channel Bonding Driver: v3.7.1 (April 27, 2011)\n"
                + "Bonding Mode: IEEE 802.3ad Dynamic link aggregation\n"
                + "Transmit Hash Policy: layer3+4 (1)\n"
                + "MII Status: up\n"
                + "MII Polling Interval (ms): 100\n"
                + "Up Delay (ms): 0\n"
                + "Down Delay (ms): 0\n"
                + "\n"
                + "802.3ad info\n"
                + "LACP rate: slow\n"
                + "Min links: 0\n")
        .doesNotContain("LACP active")
        .doesNotContain("System priority")
        .contains("Aggregator ID: 1\nSlave queue ID: 0\n");
  }

  @Test
  void a8023adBondShowsItsAggregatorsAndABlackHoledPortDefaulted() {
    CliRunner run =
        CliRunner.run(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "8",
            "--topology",
            "switch",
            "--slaves",
            "2x1000",
            "--bond",
            "mode 802.3ad lacp_rate fast",
            "--port-channel",
            "mode active lacp-rate fast",
            "--blackhole",
            "eth1@2s",
            "--proc-net-bonding",
            "--",
            "-m",
            "1472");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String local = section(run.out(), "local");
    // eth1 stopped hearing LACPDUs at 2 s: EXPIRED after 3 s, DEFAULTED 3 s later, so at 8 s it
    // sits alone in aggregator 2 with state 71 (activity, short timeout, aggregation, defaulted)
    // and the partner Linux's administrative template (6.x: port_state 0).
    assertThat(local)
        .contains(
            "802.3ad info\n"
                + "LACP active: on\n"
                + "LACP rate: fast\n"
                + "Min links: 0\n"
                + "Aggregator selection policy (ad_select): stable\n"
                + "System priority: 65535\n"
                + "System MAC address: 02:00:00:00:00:01\n"
                + "Active Aggregator Info:\n"
                + "\tAggregator ID: 1\n"
                + "\tNumber of ports: 1\n")
        .contains("Slave Interface: eth0\n")
        .contains(
            "Aggregator ID: 2\n"
                + "Actor Churn State: not modelled\n"
                + "Partner Churn State: not modelled\n"
                + "Actor Churned Count: not modelled\n"
                + "Partner Churned Count: not modelled\n"
                + "details actor lacp pdu:\n"
                + "    system priority: 65535\n"
                + "    system mac address: 02:00:00:00:00:01\n"
                + "    port key: 9\n"
                + "    port priority: 255\n"
                + "    port number: 2\n"
                + "    port state: 71\n"
                + "details partner lacp pdu:\n"
                + "    system priority: 65535\n"
                + "    system mac address: 00:00:00:00:00:00\n"
                + "    oper key: 1\n"
                + "    port priority: 255\n"
                + "    port number: 1\n"
                + "    port state: 0\n");
  }

  @Test
  void jsonCarriesEachHostsFile() throws Exception {
    JsonNode json =
        CliRunner.json("netperf", "-t", "TCP_STREAM", "-l", "0.1", "--json", "--proc-net-bonding");
    assertThat(json.get("proc_net_bonding").get("local").asText())
        .startsWith("Ethernet Channel Bonding Driver: v6.x (bondsim)\n")
        .contains("Bonding Mode: load balancing (round-robin)\n");
    assertThat(json.get("proc_net_bonding").get("remote").asText()).contains("Slave Interface");
  }

  @Test
  void slaveBytesAreSkbLenWithoutTheFcs() throws Exception {
    JsonNode json =
        CliRunner.json(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "0.1",
            "--slaves",
            "1x1000",
            "--json",
            "--",
            "-m",
            "1472");
    JsonNode slave = json.get("slaves").get(0);
    // 14 Ethernet + 20 IP + 8 UDP + 1472: ip -s link counts 1514 per frame, not the wire's 1518.
    assertThat(slave.get("tx_bytes").asLong()).isEqualTo(slave.get("tx_packets").asLong() * 1514);
    assertThat(slave.get("rx_bytes").asLong()).isEqualTo(slave.get("rx_packets").asLong() * 1514);
  }
}
