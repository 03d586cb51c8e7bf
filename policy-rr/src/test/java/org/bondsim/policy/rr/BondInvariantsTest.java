package org.bondsim.policy.rr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bondsim.api.Bond;
import org.bondsim.api.LinkState;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;

/**
 * Invariants of whole runs over every shipped mode, with random slaves, link failures and
 * recoveries, message sizes (fragmented or not) and queue limits.
 */
class BondInvariantsTest {
  private static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());
  private static final long DURATION_NS = 30_000_000L;

  @Provide
  Arbitrary<Scenario> scenarios() {
    Arbitrary<String> bonds =
        Arbitraries.of(
            "mode balance-rr miimon 1",
            "mode balance-rr packets_per_slave 0 miimon 2",
            "mode balance-rr packets_per_slave 3",
            "mode active-backup miimon 1",
            "mode active-backup miimon 2 downdelay 4 updelay 2",
            "mode broadcast miimon 1");
    Arbitrary<List<SlaveLinkSpec>> slaves =
        Combinators.combine(
                Arbitraries.of(10L, 100L, 1000L), Arbitraries.longs().between(0, 200_000))
            .as(SlaveLinkSpec::new)
            .list()
            .ofMinSize(1)
            .ofMaxSize(4);
    Arbitrary<LinkEvent> event =
        Combinators.combine(
                Arbitraries.integers().between(0, 3),
                Arbitraries.longs().between(0, DURATION_NS - 1),
                Arbitraries.of(true, false))
            .as((slave, at, up) -> new LinkEvent("eth" + slave, at, up));
    return Combinators.combine(
            bonds,
            slaves,
            event.list().ofMaxSize(4),
            Arbitraries.of(64, 1472, 4000),
            Arbitraries.of(4, 1000),
            Arbitraries.longs())
        .as(
            (bond, links, events, size, txqueuelen, seed) -> {
              List<LinkEvent> valid = new ArrayList<>();
              for (LinkEvent e : events) {
                // A slave the bond has; a recovery only after a failure of that slave.
                boolean failedBefore =
                    events.stream()
                        .anyMatch(
                            f -> !f.up() && f.slave().equals(e.slave()) && f.atNs() < e.atNs());
                if (Integer.parseInt(e.slave().substring(3)) < links.size()
                    && (!e.up() || failedBefore)) {
                  valid.add(e);
                }
              }
              return Scenario.builder()
                  .bond(bond)
                  .slaves(links)
                  .txqueuelen(txqueuelen)
                  .duration(Duration.ofNanos(DURATION_NS))
                  .seed(seed)
                  .events(valid)
                  .workload(WorkloadSpec.udpStream(size))
                  .build();
            });
  }

  @Property(tries = 60)
  void everyFrameIsDeliveredDroppedWithAReasonOrInFlight(@ForAll("scenarios") Scenario scenario) {
    RunReport report = RUNNER.run(scenario);
    RunReport.FrameAccount frames = report.frames();
    assertThat(frames.sent() + frames.duplicated())
        .isEqualTo(frames.arrived() + frames.droppedOnTheWay() + frames.inFlight());
    assertThat(frames.arrived())
        .isEqualTo(frames.toStack() + frames.droppedAtReceiverTotal() + frames.inReceiver());
    long droppedByReason =
        report.slaves().stream().mapToLong(RunReport.SlaveReport::totalDrops).sum();
    // Every drop a slave counts is either on the way or at a receiver, never both.
    assertThat(droppedByReason)
        .isEqualTo(frames.droppedOnTheWay() + frames.droppedAtReceiverTotal());
    long txPackets = report.slaves().stream().mapToLong(RunReport.SlaveReport::txPackets).sum();
    long rxPackets = report.slaves().stream().mapToLong(RunReport.SlaveReport::rxPackets).sum();
    assertThat(rxPackets).isLessThanOrEqualTo(txPackets);
    // Reordering is measured at the receiver's NICs over the frames the bond hands on: a frame
    // the bond withholds (inactive slave) is a drop, not an arrival. Only the receiving host
    // meters, and the workload is one-way, so its frames are all the stack got.
    assertThat(report.reordering().received() + report.reordering().duplicates())
        .isEqualTo(frames.toStack());
  }

  @Property(tries = 60)
  void noPolicyEverPicksASlaveThatIsDown(@ForAll("scenarios") Scenario scenario) {
    List<String> violations = new ArrayList<>();
    RUNNER.run(
        scenario,
        (Bond bond, TxPolicy policy) ->
            (OutgoingFrame packet, Bond b) -> {
              int choice = policy.select(packet, b);
              if (choice >= 0 && b.slave(choice).linkState() == LinkState.DOWN) {
                violations.add(b.slave(choice).name() + " at choice");
              }
              return choice;
            });
    assertThat(violations).isEmpty();
  }

  @Property(tries = 20)
  void theSameScenarioAndSeedGiveTheSameReport(@ForAll("scenarios") Scenario scenario) {
    assertThat(RUNNER.run(scenario)).isEqualTo(RUNNER.run(scenario));
  }
}
