package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** netperf words a pasted line carries: accepted with a note on what they mean here, or refused. */
class PastedWordsTest {
  private static final String[] BASE = {"netperf", "-t", "TCP_RR", "-l", "0.3", "-P", "0"};

  private static CliRunner with(String... words) {
    String[] args = java.util.Arrays.copyOf(BASE, BASE.length + words.length);
    System.arraycopy(words, 0, args, BASE.length, words.length);
    return CliRunner.run(args);
  }

  @Test
  void theControlPortIsAcceptedAndChangesNothing() {
    CliRunner plain = CliRunner.run(BASE);
    CliRunner port = with("-p", "12865");
    assertThat(port.exitCode()).isZero();
    assertThat(port.out()).isEqualTo(plain.out());
    assertThat(port.err())
        .isEqualTo(
            "bondsim: note: -p 12865 sets the control connection's ports, which the simulated"
                + " hosts do not have: it changes nothing\n");
    CliRunner bad = with("-p", "70000");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).startsWith("bondsim: -p must be").contains("70000").hasLineCount(1);
  }

  @Test
  void confidenceIterationsRunOnceWithANote() {
    CliRunner plain = CliRunner.run(BASE);
    CliRunner loop = with("-i", "10,3", "-I", "99,5");
    assertThat(loop.exitCode()).isZero();
    assertThat(loop.out()).isEqualTo(plain.out());
    assertThat(loop.err()).startsWith("bondsim: note: -i/-I repeat a test").hasLineCount(1);
    CliRunner level = with("-I", "90,5");
    assertThat(level.exitCode()).isEqualTo(2);
    assertThat(level.err())
        .startsWith("bondsim: -I must be level[,width] with level 95 or 99")
        .hasLineCount(1);
    CliRunner iterations = with("-i", "many");
    assertThat(iterations.exitCode()).isEqualTo(2);
    assertThat(iterations.err()).startsWith("bondsim: -i must be").hasLineCount(1);
  }

  /** netperf's test-specific -P fixes the data ports, which the layer3+4 hash then reads. */
  @Test
  void dataPortsChooseTheSlaveTheHashGivesThem() throws Exception {
    for (int port : new int[] {40000, 40001}) {
      com.fasterxml.jackson.databind.JsonNode run =
          CliRunner.json(
              "netperf",
              "-t",
              "TCP_STREAM",
              "-l",
              "0.1",
              "--bond",
              "mode balance-xor xmit_hash_policy layer3+4",
              "--slaves",
              "3x1000",
              "--json",
              "--",
              "-P",
              port + ",12866");
      CliRunner hash =
          CliRunner.run(
              "xmit-hash",
              "--policy",
              "layer3+4",
              "--slaves",
              "3",
              "--src-ip",
              "10.0.0.1",
              "--dst-ip",
              "10.0.0.2",
              "--proto",
              "tcp",
              "--sport",
              Integer.toString(port),
              "--dport",
              "12866");
      int slave =
          Integer.parseInt(
              hash.out()
                  .lines()
                  .filter(l -> l.startsWith("slave "))
                  .findFirst()
                  .get()
                  .split(" ")[1]);
      for (int i = 0; i < 3; i++) {
        long sent = run.get("slaves").get(i).get("tx_packets").asLong();
        assertThat(sent > 100).as("eth" + i + " for source port " + port).isEqualTo(i == slave);
      }
    }
    CliRunner shared = CliRunner.run("netperf", "-l", "0.1", "--streams", "2", "--", "-P", "40000");
    assertThat(shared.exitCode()).isEqualTo(2);
    assertThat(shared.err()).startsWith("bondsim: TCP_STREAM -P fixes one data connection's ports");
  }

  /** An 'ip link … type bond' line pastes from 'type bond' on; Linux's own options are named so. */
  @Test
  void ipLinkWordsPasteAndLinuxOptionsAreNamedAsLinuxs() {
    CliRunner typed =
        CliRunner.run(
            "netperf", "-P", "0", "-v", "0", "-l", "0.1", "--bond", "type bond mode balance-rr");
    CliRunner plain =
        CliRunner.run("netperf", "-P", "0", "-v", "0", "-l", "0.1", "--bond", "mode balance-rr");
    assertThat(typed.exitCode()).as(typed.err()).isZero();
    assertThat(typed.out()).isEqualTo(plain.out());
    CliRunner linux =
        CliRunner.run("netperf", "-l", "0.1", "--bond", "mode active-backup fail_over_mac active");
    assertThat(linux.exitCode()).isEqualTo(2);
    assertThat(linux.err())
        .startsWith("bondsim: bond option 'fail_over_mac' is Linux's but not modelled by bondsim;")
        .hasLineCount(1);
    CliRunner unknown =
        CliRunner.run("netperf", "-l", "0.1", "--bond", "mode active-backup frobnicate 1");
    assertThat(unknown.err()).startsWith("bondsim: unknown bond option 'frobnicate'");
  }

  /** ethtool's own words and speeds: -G's rx, -L's combined, lro off, 2.5G. */
  @Test
  void ethtoolWordsMeanWhatTheyMeanThere() throws Exception {
    CliRunner ethtool =
        CliRunner.run(
            "netperf",
            "-P",
            "0",
            "-v",
            "0",
            "-l",
            "0.1",
            "--receiver",
            "rx 512 combined 2 lro off");
    CliRunner bondsim =
        CliRunner.run(
            "netperf", "-P", "0", "-v", "0", "-l", "0.1", "--receiver", "rx-ring 512 rx-queues 2");
    assertThat(ethtool.exitCode()).as(ethtool.err()).isZero();
    assertThat(ethtool.out()).isEqualTo(bondsim.out());
    CliRunner lro = CliRunner.run("netperf", "-l", "0.1", "--receiver", "lro on");
    assertThat(lro.exitCode()).isEqualTo(2);
    assertThat(lro.err()).contains("dev_disable_lro").hasLineCount(1);
    com.fasterxml.jackson.databind.JsonNode run =
        CliRunner.json("netperf", "-l", "0.1", "--slaves", "2x2.5G", "--json");
    assertThat(run.get("slaves").get(1).get("speed_mbps").asLong()).isEqualTo(2500);
  }

  /** TCP_STREAM's -M is netserver's recv() size: more, smaller recv() calls in -v 2's block. */
  @Test
  void theRemoteRecvSizeSetsTheRecvCalls() {
    String[] plain = recvLine(CliRunner.run("netperf", "-l", "0.2", "-v", "2", "-P", "0"));
    String[] small =
        recvLine(CliRunner.run("netperf", "-l", "0.2", "-v", "2", "-P", "0", "--", "-M", "1024"));
    // Alignment and offsets, bytes, bytes per send, sends, bytes per recv, recvs.
    assertThat(small[4]).isEqualTo(plain[4]);
    assertThat(Double.parseDouble(small[7])).isLessThanOrEqualTo(1024.0);
    assertThat(Long.parseLong(small[8])).isGreaterThan(Long.parseLong(plain[8]));
  }

  private static String[] recvLine(CliRunner run) {
    assertThat(run.exitCode()).as(run.err()).isZero();
    java.util.List<String> lines = run.out().lines().toList();
    int header =
        lines.indexOf(
            lines.stream().filter(l -> l.startsWith("Send   Recv    Send")).findFirst().get());
    return lines.get(header + 1).trim().split("\\s+");
  }

  /** netperf omni's latency extremes and spread, as set_output_elt formats them. */
  @Test
  void latencyExtremesAndSpreadAreSelectable() {
    CliRunner run =
        CliRunner.run(
            "netperf",
            "-t",
            "TCP_RR",
            "-l",
            "0.3",
            "-P",
            "0",
            "--",
            "-k",
            "MIN_LATENCY,P50_LATENCY,MAX_LATENCY,STDDEV_LATENCY");
    assertThat(run.exitCode()).as(run.err()).isZero();
    java.util.Map<String, String> values = new java.util.HashMap<>();
    run.out().lines().forEach(l -> values.put(l.split("=")[0], l.split("=")[1]));
    long min = Long.parseLong(values.get("MIN_LATENCY"));
    long p50 = Long.parseLong(values.get("P50_LATENCY"));
    long max = Long.parseLong(values.get("MAX_LATENCY"));
    assertThat(min).isPositive().isLessThanOrEqualTo(p50);
    assertThat(max).isGreaterThanOrEqualTo(p50);
    assertThat(values.get("STDDEV_LATENCY")).matches("[0-9]+\\.[0-9]{2}");
  }

  /**
   * -R (routing allowed) is accepted with a note; a value netperf would not take is refused alone.
   */
  @Test
  void routingIsAcceptedWithANoteAndItsBadValueRefusedInOneLine() {
    CliRunner plain = CliRunner.run(BASE);
    CliRunner routed = with("--", "-R", "0");
    assertThat(routed.exitCode()).as(routed.err()).isZero();
    assertThat(routed.out()).isEqualTo(plain.out());
    assertThat(routed.err()).startsWith("bondsim: note: -R (routing allowed").hasLineCount(1);
    CliRunner bad = with("--", "-R", "2");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).isEqualTo("bondsim: TCP_RR -R must be 0..1, got 2\n");
  }
}
