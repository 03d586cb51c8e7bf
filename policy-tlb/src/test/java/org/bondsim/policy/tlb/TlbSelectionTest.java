package org.bondsim.policy.tlb;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.stack.Packet;
import org.junit.jupiter.api.Test;

class TlbSelectionTest {
  private static final long SECOND = 1_000_000_000L;

  /** Offers {@code perFlow} frames of each flow in every second up to {@code seconds}. */
  private static int[][] drive(TlbBond tlb, int flows, int perFlow, int seconds) {
    int[][] slaveBySecond = new int[seconds][flows];
    for (int second = 0; second < seconds; second++) {
      for (int i = 0; i < perFlow; i++) {
        for (int f = 0; f < flows; f++) {
          slaveBySecond[second][f] = tlb.select(f);
        }
      }
      tlb.runUntil((second + 1) * SECOND);
    }
    return slaveBySecond;
  }

  @Test
  void withNoHistoryEveryNewEntryTiesAndTakesTheFirstSlave() {
    // The table starts with zero load history, so every gap is equal until the first rebalance
    // that has seen traffic (bond_alb.c: kzalloc'd table, first slave wins a tie).
    TlbBond tlb = new TlbBond(new long[] {1000, 1000, 1000, 1000}, true);
    int[][] slaves = drive(tlb, 8, 10, 1);
    assertThat(slaves[0]).containsOnly(0);
  }

  @Test
  void flowsMoveOnlyAtTheTenSecondRebalance() {
    TlbBond tlb = new TlbBond(new long[] {1000, 1000, 1000, 1000}, true);
    int[][] slaves = drive(tlb, 8, 100, 30);
    for (int second = 1; second < 30; second++) {
      if (second % 10 != 0) {
        assertThat(slaves[second]).as("second %d", second).isEqualTo(slaves[second - 1]);
      }
    }
    // At 10 s the entries learn their load and spread over all four slaves.
    assertThat(slaves[10]).isNotEqualTo(slaves[9]);
    assertThat(slaves[10]).contains(0, 1, 2, 3);
    // At 0 (ordered by enslaving), 10, 20 and 30 s.
    assertThat(tlb.policy.rebalances()).isEqualTo(4);
  }

  @Test
  void leastLoadedAssignmentWeighsSlaveSpeed() {
    // 1000 and 100 Mbit/s: each entry adds its load history to the slave it lands on, and a new
    // entry goes where speed minus load is largest. The fast slave is filled first; once the
    // offered load reaches the bond's capacity (here 220 flows x 430 frames of 1514 bytes a
    // second, about 1146 Mbit/s) the gaps meet and the fast slave holds about ten times the flows.
    TlbBond tlb = new TlbBond(new long[] {1000, 100}, true);
    int flows = 220;
    int[][] slaves = drive(tlb, flows, 430, 12);
    int fast = 0;
    for (int slave : slaves[11]) {
      fast += slave == 0 ? 1 : 0;
    }
    int slow = flows - fast;
    assertThat(slow).isPositive();
    assertThat((double) fast / slow).as("fast %d slow %d", fast, slow).isBetween(7.0, 13.0);
  }

  @Test
  void withoutDynamicBalancingAFlowKeepsItsHashSlave() {
    TlbBond tlb = new TlbBond(new long[] {1000, 1000, 1000, 1000}, false);
    int[][] slaves = drive(tlb, 16, 10, 25);
    for (int second = 1; second < 25; second++) {
      assertThat(slaves[second]).isEqualTo(slaves[0]);
    }
    assertThat(slaves[0]).contains(0, 1, 2, 3);
  }

  @Test
  void aSlaveThatFailsLosesItsFlowsAtOnce() {
    TlbBond tlb = new TlbBond(new long[] {1000, 1000, 1000}, true);
    int[][] before = drive(tlb, 12, 100, 11);
    int victim = before[10][0];
    tlb.carrier(victim, false);
    for (int f = 0; f < 12; f++) {
      int now = tlb.select(f);
      assertThat(now).isNotEqualTo(victim);
      if (before[10][f] != victim) {
        assertThat(now).as("flow %d on a healthy slave stays", f).isEqualTo(before[10][f]);
      }
    }
  }

  @Test
  void broadcastAndNonIpFramesLeaveOnTheActiveSlave() {
    TlbBond tlb = new TlbBond(new long[] {1000, 1000, 1000}, true);
    drive(tlb, 12, 100, 11);
    Frame arp =
        new Frame(
            new EthernetHeader(
                MacAddress.parse("00:11:22:33:44:55"),
                MacAddress.BROADCAST,
                EthernetHeader.NO_VLAN,
                EtherType.ARP),
            null,
            null);
    int active = tlb.bond.activeSlave();
    assertThat(tlb.policy.select(new Packet(arp, 28, null, 99, 0, 0, null, 0), tlb.bond))
        .isEqualTo(active)
        .isNotEqualTo(TxPolicy.NO_SLAVE);
  }

  @Test
  void aSlaveComingUpOrdersARebalanceAtTheNextTick() {
    TlbBond tlb = new TlbBond(new long[] {1000, 1000}, true);
    drive(tlb, 4, 10, 3);
    long before = tlb.policy.rebalances();
    tlb.carrier(1, false);
    tlb.carrier(1, true);
    tlb.runUntil(3 * SECOND + TlbSelection.TICK_NS);
    assertThat(tlb.policy.rebalances()).isEqualTo(before + 1);
    // The 10 s period then counts from this rebalance.
    tlb.runUntil(13 * SECOND);
    assertThat(tlb.policy.rebalances()).isEqualTo(before + 1);
    tlb.runUntil(13 * SECOND + TlbSelection.TICK_NS);
    assertThat(tlb.policy.rebalances()).isEqualTo(before + 2);
  }
}
