package org.bondsim.policy.tlb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.bondsim.api.option.OptionException;
import org.junit.jupiter.api.Test;

/** balance-tlb before Linux 3.19 shared bond_alb_xmit: one table entry per destination address. */
class LegacyTlbHashTest {
  private static final long[] FOUR_GIGABIT = {1000, 1000, 1000, 1000};

  /**
   * 64 flows to one address send for 10 s; after the rebalance each table entry goes to the
   * least-loaded slave given the load history it brings.
   */
  private static Set<Integer> slavesAfterRebalance(TlbBond bond) {
    for (int round = 0; round < 100; round++) {
      for (int flow = 0; flow < 64; flow++) {
        bond.select(flow);
      }
    }
    bond.runUntil(10_050_000_000L);
    Set<Integer> slaves = new HashSet<>();
    for (int flow = 0; flow < 64; flow++) {
      slaves.add(bond.select(flow));
    }
    return slaves;
  }

  @Test
  void beforeThreeNineteenEveryFlowToOneAddressSharesASlave() {
    TlbBond legacy =
        new TlbBond(
            new BalanceTlbProvider(),
            FOUR_GIGABIT,
            Map.of("xmit_hash_policy", "layer3+4", "xmit_hash_formula", "3.13"));
    // xmit_hash_policy layer3+4 did not reach tlb then: the ports are ignored, one entry.
    assertThat(slavesAfterRebalance(legacy)).hasSize(1);
  }

  @Test
  void fromThreeNineteenLayerThreePlusFourSpreadsFlowsToOneAddress() {
    TlbBond current = new TlbBond(new BalanceTlbProvider(), FOUR_GIGABIT, true);
    assertThat(slavesAfterRebalance(current)).hasSize(4);
  }

  /**
   * The slaves four new destinations take on a fresh table, before any rebalance has seen traffic.
   */
  private static Set<Integer> slavesOfFreshDestinations(String formula) {
    TlbBond bond =
        new TlbBond(
            new BalanceTlbProvider(),
            FOUR_GIGABIT,
            Map.of("xmit_hash_policy", "layer3+4", "xmit_hash_formula", formula));
    Set<Integer> slaves = new HashSet<>();
    // Destinations whose address bytes XOR to four different table entries.
    for (String destination : new String[] {"10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5"}) {
      slaves.add(bond.policy.select(TlbBond.packet(0, destination), bond.bond));
    }
    return slaves;
  }

  @Test
  void twoSixStartsEveryEntryWithHistoryOneSoAFreshTableSpreads() {
    // 2.6.37's tlb_initialize: tlb_init_table_entry(entry, 1), history 1 + 0 / 10 for each entry:
    // each assignment adds 1 to its slave's load and the next new entry goes elsewhere.
    assertThat(slavesOfFreshDestinations("2.6")).containsExactlyInAnyOrder(0, 1, 2, 3);
  }

  @Test
  void fromThreeFourteenAFreshTableSendsEveryNewEntryToTheFirstSlave() {
    // The 3.14 tree passes 0: every entry adds nothing and the tie goes to the first slave.
    assertThat(slavesOfFreshDestinations("3.13")).containsExactly(0);
  }

  @Test
  void tlbDynamicLbZeroDidNotExistBeforeThreeNineteen() {
    assertThatThrownBy(
            () ->
                new TlbBond(
                    new BalanceTlbProvider(),
                    FOUR_GIGABIT,
                    Map.of("tlb_dynamic_lb", "0", "xmit_hash_formula", "2.6")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "tlb_dynamic_lb 0 needs xmit_hash_formula 3.16 or later; Linux before 3.16 had no"
                + " tlb_dynamic_lb, got xmit_hash_formula 2.6");
  }

  private static TlbBond staticTlb(String formula) {
    return new TlbBond(
        new BalanceTlbProvider(),
        FOUR_GIGABIT,
        Map.of(
            "tlb_dynamic_lb", "0", "xmit_hash_policy", "layer3+4", "xmit_hash_formula", formula));
  }

  /**
   * 3.16's bond_tlb_xmit takes slave number hash % slave_cnt over every slave: a down slave's flows
   * are dropped, not moved, while 3.19's slave_arr spreads them over the usable ones.
   */
  @Test
  void threeSixteenDropsTheFlowsOfADownSlaveThreeNineteenMovesThem() {
    TlbBond old = staticTlb("3.16");
    TlbBond current = staticTlb("3.19");
    int[] before = new int[64];
    for (int flow = 0; flow < 64; flow++) {
      before[flow] = old.select(flow);
      // With every slave up the two agree: usable[] is every slave in order.
      assertThat(current.select(flow)).isEqualTo(before[flow]);
    }
    old.carrier(1, false);
    current.carrier(1, false);
    int dropped = 0;
    for (int flow = 0; flow < 64; flow++) {
      int now = old.select(flow);
      if (before[flow] == 1) {
        assertThat(now).isEqualTo(-1);
        dropped++;
      } else {
        assertThat(now).isEqualTo(before[flow]);
      }
      assertThat(current.select(flow)).isNotEqualTo(1).isNotNegative();
    }
    assertThat(dropped).isPositive();
  }

  /** 3.16 keys the dynamic table by the hash, as later kernels, no longer by the address. */
  @Test
  void threeSixteenKeysTheTableByTheTransmitHash() {
    TlbBond sixteen =
        new TlbBond(
            new BalanceTlbProvider(),
            FOUR_GIGABIT,
            Map.of("xmit_hash_policy", "layer3+4", "xmit_hash_formula", "3.16"));
    assertThat(slavesAfterRebalance(sixteen)).hasSize(4);
  }
}
