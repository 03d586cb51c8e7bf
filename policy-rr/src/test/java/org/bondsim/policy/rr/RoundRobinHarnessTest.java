package org.bondsim.policy.rr;

import static org.bondsim.testkit.sim.HarnessAssertions.assertThat;

import org.bondsim.testkit.sim.BondHarness;
import org.junit.jupiter.api.Test;

/** balance-rr through the simulator: reordering appears exactly when the paths differ. */
class RoundRobinHarnessTest {
  private static BondHarness oneStreamOverThreeGigabitSlaves() {
    // One stream paced below the bond's rate, so no queue builds and only the paths differ.
    return BondHarness.mode("balance-rr")
        .slaves(1000, 1000, 1000)
        .udpStreams(1, 1472, 2000)
        .seconds(0.05);
  }

  @Test
  void equalPathsDeliverInOrderAndShareTheLoad() {
    assertThat(oneStreamOverThreeGigabitSlaves().delaysUs(10, 10, 10).run())
        .isReorderingFree()
        .spreadsLoadWithin(0.01);
  }

  @Test
  void aTenMicrosecondSpreadReordersAStripedStream() {
    assertThat(oneStreamOverThreeGigabitSlaves().delaysUs(10, 15, 20).run()).isReordered();
  }
}
