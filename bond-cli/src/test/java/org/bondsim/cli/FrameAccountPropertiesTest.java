package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.Network;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.bondsim.core.wire.Netem;

/**
 * Every frame is delivered to a stack, dropped with its reason on either side, or still in flight
 * or in a receive path, over receive paths that drop (tiny rings, slow CPUs, coalescing), inactive
 * slaves and switch topologies; and the reorder meter counts no frame that a NIC or bond dropped.
 */
class FrameAccountPropertiesTest {
  private static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());

  /** One scenario's free choices. */
  static final class Lab {
    String bond = "mode balance-rr";
    Network.Topology topology = Network.Topology.AUTO;
    int slaves = 2;
    int ring = 256;
    int rxUsecs = 0;
    int rxFrames = 1;
    boolean gro = true;
    long frameCostNs = 300;
    String test = "UDP_STREAM";
    double loss;
    boolean fail;

    Scenario scenario() {
      ReceiveSettings receive =
          new ReceiveSettings(gro, rxUsecs, rxFrames, ring, 64, 300, 2000, 0, 1, List.of(0), false);
      return Scenario.builder()
          .bond(bond)
          .slaves(
              Collections.nCopies(
                  slaves, new SlaveLinkSpec(1000, 10_000, new Netem(loss, 0, 0, 0))))
          .duration(Duration.ofNanos(8_000_000L))
          .seed(7)
          .events(fail ? List.of(new LinkEvent("eth0", 3_000_000L, false)) : List.of())
          .workload(new WorkloadSpec(test, List.of("-m", "1472"), 2, Map.of()))
          .receive(receive)
          .costs(new CpuCosts(frameCostNs, 500, 0.1, 300, 100, 0))
          .network(new Network(topology, 1000, 1))
          .build();
    }

    @Override
    public String toString() {
      return bond
          + " "
          + topology
          + " x"
          + slaves
          + " ring "
          + ring
          + " rx-usecs "
          + rxUsecs
          + " rx-frames "
          + rxFrames
          + " gro "
          + gro
          + " frame "
          + frameCostNs
          + "ns "
          + test
          + " loss "
          + loss
          + (fail ? " fail eth0" : "");
    }
  }

  @Provide
  Arbitrary<Lab> labs() {
    return Builders.withBuilder(Lab::new)
        .use(
            Arbitraries.of(
                "mode balance-rr",
                "mode active-backup miimon 1",
                "mode broadcast",
                "mode balance-tlb",
                "mode balance-alb",
                "mode balance-xor xmit_hash_policy layer3+4"))
        .in(
            (lab, bond) -> {
              lab.bond = bond;
              return lab;
            })
        .use(Arbitraries.of(Network.Topology.AUTO, Network.Topology.SWITCH))
        .in(
            (lab, topology) -> {
              lab.topology = topology;
              return lab;
            })
        .use(Arbitraries.integers().between(1, 4))
        .in(
            (lab, n) -> {
              lab.slaves = n;
              return lab;
            })
        .use(Arbitraries.integers().between(1, 64))
        .in(
            (lab, ring) -> {
              lab.ring = ring;
              return lab;
            })
        .use(Arbitraries.of(0, 20, 100))
        .in(
            (lab, usecs) -> {
              lab.rxUsecs = usecs;
              return lab;
            })
        .use(Arbitraries.of(1, 4, 32))
        .in(
            (lab, frames) -> {
              lab.rxFrames = frames;
              return lab;
            })
        .use(Arbitraries.of(true, false))
        .in(
            (lab, gro) -> {
              lab.gro = gro;
              return lab;
            })
        .use(Arbitraries.of(0L, 300L, 3_000L, 20_000L))
        .in(
            (lab, cost) -> {
              lab.frameCostNs = cost;
              return lab;
            })
        .use(Arbitraries.of("UDP_STREAM", "TCP_STREAM"))
        .in(
            (lab, test) -> {
              lab.test = test;
              return lab;
            })
        .use(Arbitraries.of(0.0, 0.01))
        .in(
            (lab, loss) -> {
              lab.loss = loss;
              return lab;
            })
        .use(Arbitraries.of(false, true))
        .in(
            (lab, fail) -> {
              lab.fail = fail;
              return lab;
            })
        .build();
  }

  @Property(tries = 60)
  @StatisticsReport(onFailureOnly = false)
  void theAccountBalancesWithReceiveSideDrops(@ForAll("labs") Lab lab) {
    Scenario scenario;
    try {
      scenario = lab.scenario();
      RUNNER.resolve(scenario);
    } catch (IllegalArgumentException cablingTheModeCannotTake) {
      return; // e.g. balance-rr through an unconfigured switch: refused, as the CLI refuses it
    }
    RunReport report;
    try {
      report = RUNNER.run(scenario);
    } catch (IllegalArgumentException refused) {
      assertThat(refused.getMessage()).containsAnyOf("topology", "switch");
      return;
    }
    RunReport.FrameAccount frames = report.frames();
    Statistics.label("drops at the receiver").collect(frames.droppedAtReceiverTotal() > 0);
    Statistics.label("frames held at the end").collect(frames.inReceiver() > 0);
    assertThat(frames.balances()).as(lab + " " + frames).isTrue();
    long receiverDropsBySlaves =
        report.slaves().stream()
            .mapToLong(
                s ->
                    s.drops().getOrDefault("rx_ring_full", 0L)
                        + s.drops().getOrDefault("inactive_slave", 0L)
                        + s.drops().getOrDefault("address_filter", 0L))
            .sum();
    // With one client, the slave rows hold both hosts' counters, so they agree with the account.
    assertThat(receiverDropsBySlaves).isEqualTo(frames.droppedAtReceiverTotal());
    // The meter sees at most what reached the remote host's rings and was handed on; only a frame
    // a slave took while active and the bond withheld after a failover (the slave turned inactive
    // while the frame waited in its ring) is an arrival that was then dropped.
    long metered = report.reordering().received() + report.reordering().duplicates();
    long withheldAfterFailover =
        lab.fail ? frames.droppedAtReceiver().getOrDefault("inactive_slave", 0L) : 0;
    assertThat(metered)
        .isLessThanOrEqualTo(frames.toStack() + frames.inReceiver() + withheldAfterFailover);
  }
}
