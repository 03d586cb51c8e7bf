package org.bondsim.gro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** GRO inside whole runs: one slave, no reordering, the link the bottleneck. */
class ReceivePathTest {
  private static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());
  private static final CpuCosts COSTS =
      CpuCosts.parse("frame 300 up 1200 byte 0.2 ack 800 tx 1200");

  private static RunReport run(boolean gro, String message) {
    return run(gro, message, Map.of());
  }

  private static RunReport run(boolean gro, String message, Map<String, String> settings) {
    return RUNNER.run(
        TcpStreamScenario.of(
            1,
            2_000_000_000L,
            message,
            settings,
            ReceiveSettings.parse("gro " + (gro ? "on" : "off") + " rx-usecs 50 rx-frames 0"),
            COSTS));
  }

  private static RunReport.HostReport remote(RunReport report) {
    return report.remote();
  }

  /**
   * A sender whose skbs are one segment each (2.6.37 with GSO off): 6.x builds GSO packets with PSH
   * on each, which GRO would not merge across ({@link
   * #tsoSuperPacketsLeaveAsSegmentsAndGroMergesThemBack}).
   */
  private static final Map<String, String> SEGMENTS = Map.of("bondsim.kernel", "2.6.37");

  @Test
  void groCutsPacketsToTheStackAndServiceDemandButNotThroughput() {
    RunReport off = run(false, "16384", SEGMENTS);
    RunReport on = run(true, "16384", SEGMENTS);
    // With GRO off the stack sees exactly the frames the NICs polled.
    assertThat(remote(off).packetsUp()).isEqualTo(remote(off).framesPolled());
    // 50 us of coalescing gathers about four 1538-byte frames per poll at 1 Gbit/s; GRO turns
    // each run of them into one packet.
    double mergeFactor = (double) remote(on).framesPolled() / remote(on).packetsUp();
    assertThat(mergeFactor).isGreaterThan(2.5);
    assertThat(remote(on).serviceDemandUsPerKb())
        .isLessThan(0.7 * remote(off).serviceDemandUsPerKb());
    assertThat(on.throughputMbps())
        .isCloseTo(off.throughputMbps(), within(0.005 * off.throughputMbps()));
  }

  @Test
  void smallWritesStillMergeBecauseEachWriteClearsTheTailsPsh() {
    // netperf -m 1472 with a 1448-byte MSS: each send() marks PSH on the tail skb, but the next
    // send() clears it as it appends (tcp_sendmsg), so full segments of a backed-up queue carry
    // no PSH and GRO merges them as it does 16 KB writes.
    RunReport small = run(true, "1472", SEGMENTS);
    double mergeFactor = (double) remote(small).framesPolled() / remote(small).packetsUp();
    assertThat(mergeFactor).isGreaterThan(2.5);
  }

  @Test
  void sixXGsoPacketsCutAtTheBondEndInPshSoGroRebuildsOnlyThem() {
    // 6.x with the bond's offloads off: TCP still builds GSO packets (4.17+), cut at the bond; the
    // PSH on each packet's last segment ends GRO's merge there. tcp_tso_should_defer waits for
    // the coming ACK to send larger ones, so a merge is bounded by what one poll gathers (about
    // four frames at 50 us) more than by the packet: above plain ACK clocking's two, below five.
    RunReport on = run(true, "16384");
    double mergeFactor = (double) remote(on).framesPolled() / remote(on).packetsUp();
    assertThat(mergeFactor).isBetween(2.5, 5.0);
  }

  @Test
  void tsoSuperPacketsLeaveAsSegmentsAndGroMergesThemBack() {
    RunReport tso = run(true, "16384", Map.of("bondsim.gso", "1"));
    assertThat(tso.frames().balances()).isTrue();
    assertThat(tso.throughputMbps()).isGreaterThan(0.97 * 1000 * 1448 / 1538);
    double mergeFactor = (double) remote(tso).framesPolled() / remote(tso).packetsUp();
    // A 6.x sender ends every GSO packet with PSH, which flushes GRO: the receiver rebuilds the
    // sender's packets (ACK-clocked, mostly two or three segments here) but never merges two.
    assertThat(mergeFactor).isGreaterThan(1.5);
    // The sender handed the bond fewer, larger packets than it put segments on the wire.
    assertThat(tso.slaves().get(0).txPackets()).isGreaterThan(tso.remote().packetsUp());
  }
}
