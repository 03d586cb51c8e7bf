package org.bondsim.core.lacp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bondsim.api.packet.LacpPortInfo;

/**
 * LACP's invariants over any sequence of faults and recoveries on three cables between a bond and a
 * switch: carrier losses and black holes in either direction, at either LACP rate and every {@code
 * ad_select}.
 */
class LacpPropertiesTest {
  /** A change to one cable, held for some ticks. */
  record Step(int port, int fault, int ticks) {}

  // 0 heal, 1 carrier down, 2 black hole both ways, 3 towards the switch, 4 towards the bond.
  @Provide
  Arbitrary<List<Step>> plans() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 2),
            Arbitraries.integers().between(0, 4),
            Arbitraries.integers().between(1, 400))
        .as(Step::new)
        .list()
        .ofMaxSize(8);
  }

  // Faults that hit both directions alike: 0 heal, 1 carrier down, 2 black hole both ways.
  @Provide
  Arbitrary<List<Step>> symmetricPlans() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 2),
            Arbitraries.integers().between(0, 2),
            Arbitraries.integers().between(1, 400))
        .as(Step::new)
        .list()
        .ofMaxSize(8);
  }

  private static LacpPair pair(boolean bondFast, boolean switchFast, AggregatorSelection select) {
    LacpSettings bond =
        new LacpSettings(
            true,
            bondFast,
            select,
            0,
            65535,
            0x020000000001L,
            0,
            LacpSettings.BOND_SELECTION_TIMER_TICKS);
    return new LacpPair(3, bond, LacpPair.switchSettings(switchFast));
  }

  /**
   * Negotiates, plays the plan, then waits 150 s: past the slow timeout (90 s + 3 s) and a slow
   * LACPDU's interval (30 s) plus the aggregate wait (2 s).
   */
  private static LacpPair settledAfter(List<Step> plan, LacpPair pair) {
    pair.run(150);
    for (Step step : plan) {
      apply(pair, step);
      pair.run(step.ticks());
    }
    pair.run(1500);
    return pair;
  }

  private static void apply(LacpPair pair, Step step) {
    int p = step.port();
    boolean down = step.fault() == 1;
    if (pair.carrier[p] == down) {
      pair.setCarrier(p, !down);
    }
    pair.holeToPartner[p] = step.fault() == 2 || step.fault() == 3;
    pair.holeToBond[p] = step.fault() == 2 || step.fault() == 4;
  }

  /**
   * Coupled control: a port distributes only in the active aggregator and, when that aggregator has
   * a partner, only while its mux is in COLLECTING_DISTRIBUTING with the partner's last LACPDU
   * saying it is in sync with a matching view of this port. The exceptions are Linux's: an
   * aggregator nobody answered carries traffic on its own, and a port enabled that way stays
   * enabled until its mux next moves ({@link LacpPort#enabledAsIndividual()}).
   */
  @Property(tries = 150)
  void aPortDistributesOnlyInTheActiveAggregatorWithAPartnerInSync(
      @ForAll("plans") List<Step> plan,
      @ForAll boolean bondFast,
      @ForAll boolean switchFast,
      @ForAll AggregatorSelection select) {
    LacpPair pair = pair(bondFast, switchFast, select);
    pair.run(150);
    for (Step step : plan) {
      apply(pair, step);
      for (int t = 0; t < step.ticks(); t++) {
        // Checked when the machines have run: a LACPDU that arrives between two ticks may clear
        // the partner's sync, and the mux reacts at the next tick (as Linux's does, ≤ 100 ms).
        pair.deliver();
        pair.tickMachines();
        for (LacpSystem system : List.of(pair.bond, pair.partner)) {
          for (LacpPort port : system.ports()) {
            Aggregator aggregator = port.aggregator();
            // Transmits: enabled and in the active aggregator (bond_update_slave_arr).
            if (!port.distributing() || aggregator == null || !aggregator.active()) {
              continue;
            }
            if (aggregator.partnerSystem() != 0 && !port.enabledAsIndividual()) {
              assertThat(port.partnerInfo().has(LacpPortInfo.SYNCHRONIZATION)).isTrue();
              assertThat(port.muxState()).isEqualTo(LacpPort.Mux.COLLECTING_DISTRIBUTING);
            }
          }
        }
      }
    }
  }

  /** The mux put the port to work in an aggregator whose partner answered. */
  private static boolean aggregating(LacpPort port) {
    return port.distributing()
        && port.muxState() == LacpPort.Mux.COLLECTING_DISTRIBUTING
        && port.aggregator().partnerSystem() != 0;
  }

  /**
   * After the faults stop changing and LACP has had time to time out (90 s + 3 s at the slow rate)
   * and to recover (a slow LACPDU every 30 s, the 2 s aggregate wait), the ports that collect and
   * distribute are exactly the cables that carry frames both ways, in one aggregator with the
   * switch as partner, whatever {@code ad_select} says (there is one partner); and on each such
   * cable the partner's port collects and distributes too. With no working cable a port may still
   * carry traffic in an aggregator nobody answered (Linux enables an aggregator of individuals).
   */
  @Property(tries = 150)
  void afterAnyFaultsTheActiveAggregatorHoldsTheWorkingCables(
      @ForAll("symmetricPlans") List<Step> plan,
      @ForAll boolean bondFast,
      @ForAll boolean switchFast,
      @ForAll AggregatorSelection select) {
    LacpPair pair = settledAfter(plan, pair(bondFast, switchFast, select));
    boolean anyWorking = false;
    for (int p = 0; p < 3; p++) {
      boolean working = pair.carrier[p] && !pair.holeToBond[p] && !pair.holeToPartner[p];
      anyWorking |= working;
      assertThat(aggregating(pair.bond.ports().get(p)))
          .as("bond port %d, working %s", p, working)
          .isEqualTo(working);
      assertThat(aggregating(pair.partner.ports().get(p)))
          .as("switch port %d, working %s", p, working)
          .isEqualTo(working);
    }
    Aggregator active = pair.bond.activeAggregator();
    if (anyWorking) {
      for (LacpPort port : pair.bond.ports()) {
        // No broken cable keeps traffic once a working one exists.
        assertThat(port.distributing() && port.aggregator().active()).isEqualTo(aggregating(port));
      }
      assertThat(active.partnerSystem()).isEqualTo(pair.partner.systemMac());
    }
  }

  /**
   * After any faults, one-way ones included, the active aggregator is the one {@code ad_select}
   * picks among the aggregators with an enabled port whose link is up: aggregatable before
   * individual, answered before silent, then (count) more enabled ports, then more bandwidth;
   * {@code stable} keeps the current one while it has enabled ports and a partner.
   */
  @Property(tries = 150)
  void afterAnyFaultsTheActiveAggregatorIsTheOneAdSelectChooses(
      @ForAll("plans") List<Step> plan,
      @ForAll boolean bondFast,
      @ForAll boolean switchFast,
      @ForAll AggregatorSelection select) {
    LacpPair pair = settledAfter(plan, pair(bondFast, switchFast, select));
    Aggregator active = pair.bond.activeAggregator();
    List<Aggregator> candidates =
        pair.bond.aggregators().stream()
            .filter(a -> a.activePorts() > 0)
            .filter(a -> a.ports().stream().anyMatch(p -> pair.carrier[p.index()]))
            .toList();
    if (candidates.isEmpty()) {
      assertThat(active == null || active.activePorts() == 0).isTrue();
      return;
    }
    assertThat(candidates).contains(active);
    for (Aggregator other : candidates) {
      if (other == active) {
        continue;
      }
      // Nothing among the candidates beats the active one by ad_select's order of tests.
      assertThat(rank(other, select)).isLessThanOrEqualTo(rank(active, select));
      if (select == AggregatorSelection.STABLE && active.partnerSystem() != 0) {
        continue; // stable keeps an answered aggregator with enabled ports
      }
    }
  }

  /** ad_select's preference as one comparable number: bigger is better. */
  private static long rank(Aggregator a, AggregatorSelection select) {
    long aggregatable = a.individual ? 0 : 1;
    long answered = a.partnerSystem() != 0 ? 1 : 0;
    long count = select == AggregatorSelection.COUNT ? a.activePorts() : 0;
    return (((aggregatable << 1 | answered) << 8) + count) << 32 | a.bandwidthMbps();
  }
}
