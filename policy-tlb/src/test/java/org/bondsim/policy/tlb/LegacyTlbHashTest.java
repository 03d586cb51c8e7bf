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
            "tlb_dynamic_lb 0 needs xmit_hash_formula 3.19 or later; Linux before 3.19 had no"
                + " tlb_dynamic_lb, got xmit_hash_formula 2.6");
  }
}
