package org.bondsim.netperf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.bondsim.api.option.OptionException;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.junit.jupiter.api.Test;

/** Whole runs with the modes bond-core ships, active-backup and broadcast, driven by UDP_STREAM. */
class CoreModesOverUdpStreamTest {
  private static final PolicyRegistry REGISTRY = PolicyRegistry.load();
  private static final ScenarioRunner RUNNER = new ScenarioRunner(REGISTRY);

  private static Scenario scenario(String bond, List<LinkEvent> events, double seconds) {
    return Scenario.builder()
        .bond(bond)
        .slaves(
            List.of(
                new SlaveLinkSpec(1000, 20_000),
                new SlaveLinkSpec(1000, 20_000),
                new SlaveLinkSpec(1000, 20_000)))
        .duration(Duration.ofNanos(Math.round(seconds * 1e9)))
        .seed(7)
        .events(events)
        .workload(WorkloadSpec.udpStream(1472))
        .build();
  }

  @Test
  void activeBackupSendsOnlyOnTheActiveSlaveAtLineRate() {
    RunReport report = RUNNER.run(scenario("mode active-backup miimon 100", List.of(), 1));
    assertThat(report.slaves().get(0).txPackets()).isPositive();
    assertThat(report.slaves().get(1).txPackets()).isZero();
    assertThat(report.slaves().get(2).txPackets()).isZero();
    // The slave's oscillator may run up to 100 ppm fast (IEEE 802.3), and so the line with it.
    double lineRate = 1000.0 * 1472 / 1538;
    assertThat(report.throughputMbps()).isBetween(lineRate * 0.99, lineRate * 1.0001);
  }

  @Test
  void activeBackupFailsOverWithinMiimonPlusDowndelayAndCountsTheLoss() {
    RunReport report =
        RUNNER.run(
            scenario(
                "mode active-backup miimon 100 downdelay 200",
                List.of(new LinkEvent("eth0", 1_000_000_000L, false)),
                2));
    assertThat(report.activeChanges()).hasSize(2);
    RunReport.ActiveChange failover = report.activeChanges().get(1);
    assertThat(failover.slave()).isEqualTo("eth1");
    // Noticed at the first tick after the failure, committed two ticks (200 ms) later.
    assertThat(failover.atSeconds()).isBetween(1.2, 1.3);
    RunReport.SlaveReport eth0 = report.slaves().get(0);
    assertThat(eth0.drops()).containsKey("carrier_down");
    assertThat(eth0.linkState()).isEqualTo("down");
    assertThat(eth0.linkFailures()).isEqualTo(1);
    assertThat(report.slaves().get(1).txPackets()).isPositive();
    assertThat(report.frames().balances()).isTrue();
  }

  @Test
  void withoutMiimonActiveBackupNeverFailsOver() {
    RunReport report =
        RUNNER.run(
            scenario("mode active-backup", List.of(new LinkEvent("eth0", 500_000_000L, false)), 1));
    assertThat(report.activeChanges()).hasSize(1);
    assertThat(report.slaves().get(1).txPackets()).isZero();
    assertThat(report.slaves().get(0).linkState()).isEqualTo("up");
  }

  @Test
  void primaryTakesBackOverWhenItRecovers() {
    RunReport report =
        RUNNER.run(
            scenario(
                "mode active-backup miimon 10 primary eth0",
                List.of(
                    new LinkEvent("eth0", 200_000_000L, false),
                    new LinkEvent("eth0", 400_000_000L, true)),
                1));
    assertThat(report.activeChanges())
        .extracting(RunReport.ActiveChange::slave)
        .containsExactly("eth0", "eth1", "eth0");
  }

  @Test
  void broadcastSendsEveryFrameOnEverySlaveAndTheReceiverSeesDuplicates() {
    RunReport report = RUNNER.run(scenario("mode broadcast", List.of(), 0.2));
    long eth0 = report.slaves().get(0).txPackets();
    // Each slave's own oscillator (±100 ppm) finishes a frame more or less by the end.
    assertThat(report.slaves())
        .allSatisfy(s -> assertThat(s.txPackets()).isCloseTo(eth0, within(1L)));
    // Two copies of each frame besides the first, less those a slower slave still had in flight.
    assertThat(report.reordering().duplicates())
        .isBetween(2 * report.reordering().received() - 2, 2 * report.reordering().received());
  }

  @Test
  void sameSeedGivesTheSameReport() {
    Scenario scenario =
        scenario(
            "mode active-backup miimon 100",
            List.of(new LinkEvent("eth0", 300_000_000L, false)),
            0.5);
    assertThat(RUNNER.run(scenario)).isEqualTo(RUNNER.run(scenario));
  }

  @Test
  void badBondSettingsAreRefusedWithWhatIsAllowed() {
    assertThatThrownBy(() -> RUNNER.run(scenario("mode nosuch", List.of(), 1)))
        .isInstanceOf(OptionException.class)
        .hasMessageContaining("mode must be one of")
        .hasMessageContaining("active-backup (1)")
        .hasMessageContaining("'nosuch'");
    assertThatThrownBy(() -> RUNNER.run(scenario("mode broadcast primary eth0", List.of(), 1)))
        .hasMessage(
            "option primary: mode dependency failed, not supported in mode broadcast(3); it"
                + " applies to: active-backup");
    assertThatThrownBy(() -> RUNNER.run(scenario("mode active-backup miimon -5", List.of(), 1)))
        .hasMessage("miimon must be 0..2147483647, got -5");
    assertThatThrownBy(() -> RUNNER.run(scenario("mode active-backup miimon", List.of(), 1)))
        .hasMessageContaining("needs a value");
    assertThatThrownBy(
            () ->
                RUNNER.run(scenario("mode broadcast", List.of(new LinkEvent("eth9", 0, false)), 1)))
        .hasMessageContaining("'eth9'");
  }
}
