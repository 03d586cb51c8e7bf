package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bondsim.api.Bond;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.lacp.LacpPort;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.Network;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.bondsim.core.wire.Netem;

/**
 * Whole runs of 802.3ad through an LACP switch under any sequence of carrier losses, black holes
 * (both ways or one) and recoveries: no frame the bond transmits leaves on a slave whose port is
 * not collecting and distributing in the active aggregator ({@code bond_3ad_xmit_xor} takes its
 * slave from {@code usable_slaves}, which holds only those).
 */
class LacpFramePropertiesTest {
  private static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());

  @Provide
  Arbitrary<List<LinkEvent>> faults() {
    Arbitrary<LinkEvent> event =
        Combinators.combine(
                Arbitraries.integers().between(0, 2),
                Arbitraries.longs().between(200, 5_800),
                Arbitraries.of(LinkEvent.Fault.values()),
                Arbitraries.of(true, false))
            .as(
                (slave, atMs, fault, up) ->
                    new LinkEvent(
                        "eth" + slave,
                        atMs * 1_000_000L,
                        up,
                        up ? LinkEvent.Fault.CARRIER : fault));
    return event
        .list()
        .ofMinSize(1)
        .ofMaxSize(5)
        .map(
            list -> {
              List<LinkEvent> sorted = new ArrayList<>(list);
              sorted.sort((a, b) -> Long.compare(a.atNs(), b.atNs()));
              // A recovery only after a fault of that slave (Scenario refuses the others).
              List<LinkEvent> valid = new ArrayList<>();
              for (LinkEvent e : sorted) {
                boolean faulted =
                    valid.stream()
                        .anyMatch(
                            f -> !f.up() && f.slave().equals(e.slave()) && f.atNs() < e.atNs());
                if (!e.up() || faulted) {
                  valid.add(e);
                }
              }
              return valid;
            });
  }

  @Property(tries = 12)
  void noFrameLeavesOnASlaveOutsideTheActiveAggregator(@ForAll("faults") List<LinkEvent> faults) {
    long[] checked = new long[1];
    Scenario scenario =
        Scenario.builder()
            .bond("mode 802.3ad lacp_rate fast xmit_hash_policy layer3+4")
            .slaves(Collections.nCopies(3, new SlaveLinkSpec(1000, 10_000, Netem.NONE)))
            .duration(Duration.ofSeconds(6))
            .seed(faults.hashCode())
            .events(faults)
            .workload(
                new WorkloadSpec(
                    "UDP_STREAM", List.of("-m", "1472"), 6, Map.of("bondsim.rate_mbps", "5")))
            .network(new Network(Network.Topology.SWITCH, 1000, 1))
            .build();
    RUNNER.run(
        scenario,
        (bond, policy) ->
            new TxPolicy() {
              @Override
              public int select(OutgoingFrame frame, Bond b) {
                int choice = policy.select(frame, b);
                if (choice >= 0) {
                  LacpPort port = ((BondDevice) b).lacp().system().ports().get(choice);
                  assertThat(port.distributing())
                      .as("eth%d distributing, after %s", choice, faults)
                      .isTrue();
                  assertThat(port.aggregator().active())
                      .as("eth%d's aggregator active, after %s", choice, faults)
                      .isTrue();
                  checked[0]++;
                }
                return choice;
              }

              @Override
              public void onSlavesChanged(Bond b) {
                policy.onSlavesChanged(b);
              }
            });
    assertThat(checked[0]).isPositive();
  }
}
