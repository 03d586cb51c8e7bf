package org.bondsim.cli.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the guest leaves behind, read as the tools print it, and when a run is not used. */
class LabRunTest {
  private static final LabScenario SCENARIO =
      new LabScenario(
          List.of(new LabScenario.LabLink(20_000, 1000), new LabScenario.LabLink(20_000, 2000)),
          "balance-rr",
          "",
          Map.of(),
          1,
          10,
          65536,
          List.of(),
          1500,
          1000,
          false,
          false);

  @TempDir Path dir;

  private void write(String name, String text) throws Exception {
    Files.writeString(dir.resolve(name), text);
  }

  private void goodRun() throws Exception {
    write(
        "send0.txt",
        "tcpi_snd_cwnd=51\ntcpi_reordering=26\ntcpi_rtt=8823\nbytes=70057984\nmbps=55.845\n");
    write(
        "nstat-snd.txt",
        "#kernel\nTcpInSegs                       48074              0.0\n"
            + "TcpExtTCPSACKReorder            20385              0.0\n");
    write("nstat-rcv.txt", "#kernel\nTcpExtTCPOFOQueue  29100   0.0\n");
    write(
        "ping.txt",
        "PING 10.0.0.1 (10.0.0.1): 56 data bytes\n"
            + "64 bytes from 10.0.0.1: seq=0 ttl=64 time=11.007 ms\n"
            + "64 bytes from 10.0.0.1: seq=1 ttl=64 time=3.100 ms\n"
            + "64 bytes from 10.0.0.1: seq=2 ttl=64 time=2.992 ms\n");
    write("cpu.txt", "cpu  241 0 20 104 0 0 1 0 0 0\ncpu  630 0 24 694 0 0 45 0 0 0\n");
    write("timers.txt", "timer_late_median_us=181.2\ntimer_late_p90_us=209.9\n");
    write(
        "links-snd.txt",
        "2: s0@if2: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 1500 qdisc tbf master bond0\n"
            + "    RX:  bytes packets errors dropped  missed   mcast\n"
            + "       1493982   16035      0       0       0       0\n"
            + "    TX:  bytes packets errors dropped carrier collsns\n"
            + "      24428340   16152      0       0       0       0\n"
            + "3: s1@if4: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 1500 qdisc tbf master bond0\n"
            + "    RX:  bytes packets errors dropped  missed   mcast\n"
            + "       1493982   16035      0       0       0       0\n"
            + "    TX:  bytes packets errors dropped carrier collsns\n"
            + "      24428340   16151      0       0       0       0\n"
            + "4: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 1500\n"
            + "    TX:  bytes packets errors dropped carrier collsns\n"
            + "      48856680   32303      0       0       0       0\n");
  }

  @Test
  void readsTheCountersTcpInfoPingsLoadAndSlaves() throws Exception {
    goodRun();
    LabRun run = LabRun.read(dir, SCENARIO);
    assertThat(run.throughputMbps()).isEqualTo(55.845);
    assertThat(run.senderInfo())
        .containsEntry("tcpi_snd_cwnd", 51L)
        .containsEntry("tcpi_rtt", 8823L);
    assertThat(run.sender()).containsEntry("TcpExtTCPSACKReorder", 20385L);
    assertThat(run.receiver()).containsEntry("TcpExtTCPOFOQueue", 29100L);
    assertThat(run.slaveTxPackets()).containsExactly(16152L, 16151L);
    // Busy is all but idle and iowait: (389 + 4 + 44) of (389 + 4 + 590 + 44) jiffies.
    assertThat(run.guestCpuBusyPercent())
        .isCloseTo(100.0 * 437 / 1027, org.assertj.core.data.Offset.offset(1e-9));
    // min, median, max of the replies, and the guest's timer lateness.
    assertThat(run.pingMs()).containsExactly(2.992, 3.100, 11.007);
    assertThat(run.timerLateUs()).containsExactly(181.2, 209.9);
    assertThat(run.trusted()).isTrue();
  }

  /**
   * The guest notes when it carried out each link event, in ms from sender 0's connect, as bondsim
   * counts --fail and --recover; one that came more than a tenth of a second off, or never, makes
   * the run not the scenario asked for.
   */
  @Test
  void linkEventsAreTimedFromTheConnectAndALateOneIsNotUsed() throws Exception {
    LabScenario failover =
        new LabScenario(
            SCENARIO.slaves(),
            "active-backup",
            "miimon 100",
            Map.of(),
            1,
            10,
            65536,
            List.of(new LabScenario.LabEvent(3, false, 0), new LabScenario.LabEvent(6, true, 0)),
            1500,
            1000,
            false,
            false);
    goodRun();
    write("events.txt", "event_ms=3001\nevent_ms=6000\n");
    LabRun run = LabRun.read(dir, failover);
    assertThat(run.linkEventSeconds()).containsExactly(3.001, 6.0);
    assertThat(run.trusted()).isTrue();

    write("events.txt", "event_ms=3330\n");
    run = LabRun.read(dir, failover);
    assertThat(run.linkEventSeconds()).containsExactly(3.33);
    assertThat(run.problems())
        .containsExactly(
            "the link event eth0 down at 3 s came at 3.330 s: the run is not the scenario asked for",
            "the guest did not carry out the link event eth0 up at 6 s");
  }

  @Test
  void aBusyGuestLateTimersOrASenderThatNeverEndedAreNotUsed() throws Exception {
    goodRun();
    write("cpu.txt", "cpu  100 0 0 100 0 0 0 0 0 0\ncpu  1000 0 0 150 0 0 0 0 0 0\n");
    write("timers.txt", "timer_late_median_us=650.0\ntimer_late_p90_us=3000.0\n");
    write("send0.txt", "error=connect: Connection refused\n");
    LabRun run = LabRun.read(dir, SCENARIO);
    assertThat(run.trusted()).isFalse();
    assertThat(run.throughputMbps()).isNaN();
    assertThat(run.problems())
        .anyMatch(p -> p.contains("sender 0 did not finish (connect: Connection refused)"))
        .anyMatch(p -> p.contains("95 % busy"))
        .anyMatch(p -> p.contains("ended 650 us late (median; p90 3000 us)"));
  }
}
