package org.bondsim.policy.hash;

import static org.bondsim.testkit.sim.HarnessAssertions.assertThat;

import org.bondsim.testkit.sim.BondHarness;
import org.junit.jupiter.api.Test;

/** balance-xor keeps each flow on one path, so a delay spread does not reorder it. */
class XorHarnessTest {
  @Test
  void aTenMicrosecondSpreadLeavesReorderingBelowOnePercent() {
    assertThat(
            BondHarness.mode("balance-xor")
                .bond("xmit_hash_policy layer3+4")
                .slaves(1000, 1000, 1000)
                .delaysUs(10, 15, 20)
                .udpStreams(8, 1472, 100)
                .seconds(0.05)
                .run())
        .hasReorderedRatioBelow(0.01)
        .hasInPlaceDensityAtLeast(0.999)
        .isReorderingFree();
  }
}
