package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code bondsim crosscheck}'s side that needs no real kernel: what it refuses before booting
 * anything, and bondsim alone on the lab's links ({@code --runs 0}).
 */
class CrosscheckCommandTest {
  @Test
  void aScenarioTheLabCannotBuildIsRefusedInOneLine() {
    CliRunner tlb =
        CliRunner.run("crosscheck", "netperf", "--bond", "mode balance-tlb", "--slaves", "2x20");
    assertThat(tlb.exitCode()).isEqualTo(Main.USAGE_ERROR);
    assertThat(tlb.err()).startsWith("bondsim: crosscheck builds two bonds back to back");
    assertThat(tlb.err().lines()).hasSize(1);
    CliRunner rr = CliRunner.run("crosscheck", "netperf", "-t", "TCP_RR", "--slaves", "2x20");
    assertThat(rr.err()).contains("crosscheck runs TCP_STREAM only").contains("-t TCP_RR");
    CliRunner old =
        CliRunner.run("crosscheck", "netperf", "--kernel", "2.6.37", "--slaves", "2x20");
    assertThat(old.err()).contains("--kernel must be 6.x or 6.1, got 2.6.37");
    CliRunner words = CliRunner.run("crosscheck", "--runs", "1", "-t", "TCP_STREAM");
    assertThat(words.exitCode()).isEqualTo(Main.USAGE_ERROR);
  }

  @Test
  void anOutputOptionItWouldLeaveUnwrittenIsRefused() {
    CliRunner series =
        CliRunner.run(
            "crosscheck", "--runs", "0", "netperf", "--slaves", "2x20", "--series", "s.csv");
    assertThat(series.exitCode()).isEqualTo(Main.USAGE_ERROR);
    assertThat(series.err())
        .isEqualTo(
            "bondsim: crosscheck: --series is not taken here (--series-dir DIR and --pcap-dir"
                + " DIR, before the word netperf, record both sides); allowed: the options that"
                + " choose what is simulated\n");
    CliRunner pcap =
        CliRunner.run("crosscheck", "--runs", "0", "netperf", "--slaves", "2x20", "--pcap=cap");
    assertThat(pcap.err()).contains("--pcap is not taken here");
  }

  @Test
  void bondsimAloneRunsTheLabsLinksAndLeavesTheKernelsColumnUnknown() throws Exception {
    JsonNode json = labRun("5", "1-2", "1");
    JsonNode throughput = json.at("/figures/0");
    assertThat(throughput.get("name").asText()).isEqualTo("Mbit/s");
    assertThat(throughput.get("bondsim")).hasSize(2);
    assertThat(throughput.get("linux")).isEmpty();
    assertThat(throughput.get("agrees").isNull()).isTrue();
    assertThat(json.get("agrees").asBoolean()).isFalse();
    // The tbf lets 20 Mbit/s of frames through: 1448 of each 1538 bytes are payload.
    assertThat(throughput.get("bondsim").get(0).asDouble()).isBetween(18.0, 20.0 * 1448 / 1538);
    // srtt over one lab link: 2 x 2 ms, one frame's and one ACK's serialisation added to the
    // delays, the guest's 2 x 75 us, and the tbf queue TCP small queues allow.
    JsonNode srtt = json.at("/figures/9");
    assertThat(srtt.get("name").asText()).isEqualTo("srtt ms");
    assertThat(srtt.get("bondsim").get(0).asDouble()).isBetween(4.8, 12.0);
  }

  @Test
  void theGuestsStallsCostTheLabsThroughputAndCanBeTurnedOff() throws Exception {
    // Over 2 s of one 20 Mbit/s link, 5 stalls a second of 1-12 ms each leave the tbf idle beyond
    // its two-frame burst: the throughput falls short of the stall-free run's, seed by seed.
    double stalled = throughput("5");
    double steady = throughput("0");
    assertThat(steady).isGreaterThan(stalled);
    assertThat(steady - stalled).isBetween(0.02, 0.5);
    CliRunner bad =
        CliRunner.run(
            "crosscheck", "--guest-stalls", "often", "--runs", "0", "netperf", "--slaves", "1x20");
    assertThat(bad.exitCode()).isEqualTo(Main.USAGE_ERROR);
    assertThat(bad.err())
        .isEqualTo("bondsim: --guest-stalls must be a rate of 0 to 100 per second, got 'often'\n");
  }

  @Test
  void seriesDirWritesEachSeedsSeriesAtTheInterval(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    CliRunner run =
        CliRunner.run(
            "crosscheck",
            "--runs",
            "0",
            "--seeds",
            "1-2",
            "--series-dir",
            dir.resolve("s").toString(),
            "--series-interval",
            "50ms",
            "netperf",
            "-l",
            "0.5",
            "--slaves",
            "1x20",
            "--",
            "-m",
            "65536");
    assertThat(run.exitCode()).isZero();
    List<String> seed2 = Files.readAllLines(dir.resolve("s/bondsim-seed-2.csv"));
    assertThat(seed2.get(0)).startsWith("time_s,goodput_mbps,eth0_tx_bytes,cwnd,ssthresh");
    assertThat(seed2).hasSize(11);
    assertThat(seed2.get(1)).startsWith("0.050000,");
    assertThat(Files.exists(dir.resolve("s/bondsim-seed-1.csv"))).isTrue();
    CliRunner odd =
        CliRunner.run(
            "crosscheck",
            "--runs",
            "0",
            "--series-dir",
            dir.toString(),
            "--series-interval",
            "1500us",
            "netperf",
            "--slaves",
            "1x20");
    assertThat(odd.exitCode()).isEqualTo(Main.USAGE_ERROR);
    assertThat(odd.err())
        .isEqualTo(
            "bondsim: --series-interval must be whole milliseconds from 1ms to 10s, got"
                + " '1500us'\n");
  }

  @Test
  void pcapDirCapturesEachSeedWithoutChangingItsFigures(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    String[] scenario = {
      "netperf", "-l", "0.3", "--bond", "mode balance-rr", "--slaves", "2x20", "--", "-m", "65536"
    };
    CliRunner plain = CliRunner.run(concat(new String[] {"crosscheck", "--runs", "0"}, scenario));
    CliRunner captured =
        CliRunner.run(
            concat(
                new String[] {
                  "crosscheck", "--runs", "0", "--seeds", "1-5", "--pcap-dir", dir.toString()
                },
                scenario));
    assertThat(captured.exitCode()).isZero();
    assertThat(captured.out()).isEqualTo(plain.out());
    for (int seed = 1; seed <= 5; seed++) {
      Path seedDir = dir.resolve("bondsim-seed-" + seed);
      assertThat(seedDir.resolve("local-bond0.pcap")).isRegularFile();
      assertThat(seedDir.resolve("remote-eth1.pcap")).isRegularFile();
    }
    Path file = Files.writeString(dir.resolve("a-file"), "");
    CliRunner bad =
        CliRunner.run(
            concat(
                new String[] {"crosscheck", "--runs", "0", "--pcap-dir", file.toString()},
                scenario));
    assertThat(bad.exitCode()).isEqualTo(Main.USAGE_ERROR);
    assertThat(bad.err()).startsWith("bondsim: --pcap-dir " + file + " cannot be made (");
    assertThat(bad.err().lines()).hasSize(1);
  }

  @Test
  void aBootsCapturesAreCopiedOutOfItsDirectory(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path run = Files.createDirectories(dir.resolve("run-2"));
    Files.write(run.resolve("rcv-bond0.pcap"), new byte[] {1, 2, 3});
    Files.write(run.resolve("snd-bond0.pcap"), new byte[] {4});
    Files.writeString(run.resolve("nstat-snd.txt"), "not a capture");
    assertThat(CrosscheckCaptures.linux(run, dir.resolve("out"), 2)).isEqualTo(2);
    assertThat(dir.resolve("out/linux-run-2/rcv-bond0.pcap"))
        .hasBinaryContent(new byte[] {1, 2, 3});
    assertThat(dir.resolve("out/linux-run-2/snd-bond0.pcap")).hasBinaryContent(new byte[] {4});
    assertThat(dir.resolve("out/linux-run-2/nstat-snd.txt")).doesNotExist();
    // A boot whose tcpdump never wrote leaves an empty directory and says so by its count.
    Path empty = Files.createDirectories(dir.resolve("run-3"));
    assertThat(CrosscheckCaptures.linux(empty, dir.resolve("out"), 3)).isZero();
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void theLabsBondsStartTheirRoundRobinWhereEarlierTrafficLeftIt() throws Exception {
    // The guest's pings, ARP and IPv6 neighbour discovery went through both bonds before the test,
    // a different number in every boot: each seed starts balance-rr's counter elsewhere, so which
    // slave carries the odd frame of a short run changes from seed to seed.
    JsonNode json =
        CliRunner.json(
            "crosscheck",
            "--guest-stalls",
            "0",
            "--runs",
            "0",
            "--seeds",
            "1-8",
            "--json",
            "netperf",
            "-l",
            "0.05",
            "--bond",
            "mode balance-rr",
            "--slaves",
            "3x20",
            "--delay-us",
            "2000,2000,2000",
            "--",
            "-m",
            "65536");
    java.util.Set<String> splits = new java.util.HashSet<>();
    for (int seed = 0; seed < 8; seed++) {
      StringBuilder split = new StringBuilder();
      for (JsonNode figure : json.get("figures")) {
        if (figure.get("name").asText().endsWith("tx_packets")) {
          split.append(figure.get("bondsim").get(seed).asLong()).append(' ');
        }
      }
      splits.add(split.toString());
    }
    assertThat(splits).hasSizeGreaterThan(1);
  }

  private static double throughput(String stalls) throws Exception {
    return labRun(stalls, "1", "2").at("/figures/0/bondsim/0").asDouble();
  }

  /** bondsim alone on one lab link of 20 Mbit/s over 2 ms. */
  private static JsonNode labRun(String stalls, String seeds, String seconds) throws Exception {
    return CliRunner.json(
        "crosscheck",
        "--guest-stalls",
        stalls,
        "--runs",
        "0",
        "--seeds",
        seeds,
        "--json",
        "netperf",
        "-l",
        seconds,
        "--slaves",
        "1x20",
        "--delay-us",
        "2000",
        "--",
        "-m",
        "65536");
  }
}
