package org.bondsim.core.lacp;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.api.packet.LacpPortInfo;
import org.junit.jupiter.api.Test;

class LacpSystemTest {
  private static LacpPair negotiated(boolean bondFast, boolean switchFast) {
    LacpPair pair =
        new LacpPair(3, LacpPair.bondSettings(bondFast), LacpPair.switchSettings(switchFast));
    pair.run(150);
    return pair;
  }

  @Test
  void bothSidesAggregateEveryPortAfterTheSelectionTimer() {
    LacpPair pair = new LacpPair(3, LacpPair.bondSettings(true), LacpPair.switchSettings(true));
    pair.run(79);
    // AD_AGGREGATOR_SELECTION_TIMER: no bond port collects and distributes with a partner before
    // 8 s (the partnerless start-up aggregator aside, which is left once the partner answers).
    Aggregator early = pair.bond.activeAggregator();
    assertThat(
            early.partnerSystem() == 0
                || pair.bond.ports().stream().noneMatch(p -> p.distributing()))
        .isTrue();
    pair.run(71);
    Aggregator active = pair.bond.activeAggregator();
    assertThat(active.partnerSystem()).isEqualTo(0x0200005e0000L);
    assertThat(active.ports()).hasSize(3);
    assertThat(pair.bond.ports()).allMatch(LacpPort::distributing);
    assertThat(pair.partner.ports()).allMatch(LacpPort::distributing);
    assertThat(pair.bond.ports().get(0).actorInfo().state())
        .isEqualTo(
            LacpPortInfo.ACTIVITY
                | LacpPortInfo.TIMEOUT
                | LacpPortInfo.AGGREGATION
                | LacpPortInfo.SYNCHRONIZATION
                | LacpPortInfo.COLLECTING
                | LacpPortInfo.DISTRIBUTING);
  }

  @Test
  void aFastBondDropsABlackHoledPortThreeSecondsAfterItsLastLacpdu() {
    LacpPair pair = negotiated(true, true);
    pair.holeToBond[1] = true;
    pair.holeToPartner[1] = true;
    int ticks = pair.ticksUntilBondStops(1, 2000);
    // The last LACPDU came at most one fast period (10 ticks) before the fault; current_while is
    // 30 ticks from it.
    assertThat(ticks).isBetween(20, 30);
    assertThat(pair.bond.ports().get(1).rxState()).isEqualTo(LacpPort.Rx.EXPIRED);
    assertThat(pair.bond.ports().get(0).distributing()).isTrue();
    pair.run(30);
    assertThat(pair.bond.ports().get(1).rxState()).isEqualTo(LacpPort.Rx.DEFAULTED);
    assertThat(pair.events).anyMatch(e -> e.endsWith("bond 1 lacp_expired"));
    assertThat(pair.events).anyMatch(e -> e.endsWith("bond 1 lacp_defaulted"));
  }

  @Test
  void aSlowBondWaitsNinetySeconds() {
    LacpPair pair = negotiated(false, false);
    pair.holeToBond[2] = true;
    int ticks = pair.ticksUntilBondStops(2, 2000);
    // Slow periodic: a LACPDU every 30 s; long timeout 90 s after the last one.
    assertThat(ticks).isBetween(600, 900);
  }

  @Test
  void aBondThatAsksForFastLacpdusGetsThemFromASlowSwitch() {
    // The periodic rate follows the partner's LACP_Timeout bit: the switch sends every second
    // because the bond asks, whatever its own lacp rate.
    LacpPair pair = negotiated(true, false);
    pair.holeToBond[0] = true;
    assertThat(pair.ticksUntilBondStops(0, 2000)).isBetween(20, 30);
  }

  @Test
  void aRecoveredPortRejoinsTheAggregator() {
    LacpPair pair = negotiated(true, true);
    pair.holeToBond[0] = true;
    pair.holeToPartner[0] = true;
    pair.run(100);
    assertThat(pair.bond.ports().get(0).distributing()).isFalse();
    pair.holeToBond[0] = false;
    pair.holeToPartner[0] = false;
    // DEFAULTED records the administrative partner, whose LACP_Timeout bit is long: both sides
    // have fallen back to slow periodic, so the first LACPDU may take up to 30 s; the answer is
    // immediate (ntt), then the aggregate wait (2 s).
    int ticks = 0;
    while (!pair.bond.ports().get(0).distributing() && ticks < 400) {
      pair.tick();
      ticks++;
    }
    assertThat(ticks).isLessThanOrEqualTo(330);
    assertThat(pair.bond.activeAggregator().ports()).hasSize(3);
    assertThat(pair.events).anyMatch(e -> e.endsWith("bond 0 lacp_current"));
  }

  @Test
  void aCarrierLossStopsThePortAtOnce() {
    LacpPair pair = negotiated(false, false);
    pair.setCarrier(1, false);
    assertThat(pair.bond.ports().get(1).distributing()).isFalse();
    assertThat(pair.bond.activeAggregator().ports()).contains(pair.bond.ports().get(0));
    pair.setCarrier(1, true);
    pair.run(60);
    assertThat(pair.bond.ports().get(1).distributing()).isTrue();
  }

  @Test
  void withoutAPartnerTheBondRunsOnOneIndividualPort() {
    // A static trunk never answers: each port keeps an aggregator of its own and the bond uses
    // one ("No 802.3ad response from the link partner for any adapters in the bond").
    LacpPair pair = new LacpPair(3, LacpPair.bondSettings(false), LacpPair.switchSettings(false));
    java.util.Arrays.fill(pair.holeToBond, true);
    pair.run(200);
    assertThat(pair.bond.activeAggregator().partnerSystem()).isZero();
    assertThat(pair.bond.ports().stream().filter(LacpPort::distributing).count()).isEqualTo(1);
  }

  @Test
  void minLinksTakesTheCarrierAway() {
    LacpSettings settings =
        new LacpSettings(true, true, AggregatorSelection.STABLE, 3, 65535, 0x020000000001L, 0, 80);
    LacpPair pair = new LacpPair(3, settings, LacpPair.switchSettings(true));
    pair.run(150);
    assertThat(pair.bond.carrier()).isTrue();
    pair.setCarrier(2, false);
    assertThat(pair.bond.carrier()).isFalse();
  }

  @Test
  void speedCodesFollowTheKernelsTable() {
    assertThat(LacpPort.speedCode(1000)).isEqualTo(4);
    assertThat(LacpPort.speedCode(10000)).isEqualTo(7);
    assertThat(LacpPort.speedCode(100000)).isEqualTo(14);
    assertThat(LacpPort.speedCode(1234)).isZero();
  }
}
