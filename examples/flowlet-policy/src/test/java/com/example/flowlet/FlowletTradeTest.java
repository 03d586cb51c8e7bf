package com.example.flowlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bondsim.testkit.sim.HarnessAssertions.assertThat;

import org.bondsim.testkit.sim.BondHarness;
import org.bondsim.testkit.sim.HarnessResult;
import org.junit.jupiter.api.Test;

/**
 * What flowlet switching trades, shown through the simulator: a gap longer than the paths' delay
 * spread lets flows move without reordering them; a shorter gap moves them more and reorders; and
 * because a new flow takes the least-loaded slave, a few elephants spread where layer3+4 hashing
 * lets them collide.
 */
class FlowletTradeTest {
  /**
   * Three TCP streams held to a window of a few segments (8 KB socket buffers), so each flow falls
   * idle between windows and may move when it does.
   */
  private static BondHarness windowLimitedStreams(String gapUs, long... delaysUs) {
    return BondHarness.policy(new FlowletProvider())
        .bond("flowlet_gap_us " + gapUs)
        .slaves(1000, 1000, 1000)
        .delaysUs(delaysUs)
        .netperf("TCP_STREAM", 3, "-s", "8192", "-S", "8192")
        .seconds(0.2);
  }

  @Test
  void aGapLongerThanTheDelaySpreadMovesFlowsWithoutReorderingThem() {
    // Spread 20 µs, gap 25 µs.
    HarnessResult result = windowLimitedStreams("25", 10, 20, 30).run();
    assertThat(result.report().flowMoveCount("local")).isPositive();
    assertThat(result).isReorderingFree();
  }

  @Test
  void aGapShorterThanTheSpreadReordersAndALongerOneDoesNot() {
    // Spread 80 µs: with no gap at all the flows hop paths and arrive out of order; with 100 µs
    // they stay put and arrive in order.
    HarnessResult eager = windowLimitedStreams("0", 10, 50, 90).run();
    HarnessResult patient = windowLimitedStreams("100", 10, 50, 90).run();
    assertThat(eager.report().flowMoveCount("local"))
        .isGreaterThan(patient.report().flowMoveCount("local"));
    assertThat(eager).isReordered();
    assertThat(patient).isReorderingFree();
  }

  @Test
  void threeElephantsSpreadOverThreeSlavesWhereLayerThreePlusFourHashingCollides() {
    HarnessResult hashed =
        BondHarness.mode("balance-xor")
            .bond("xmit_hash_policy layer3+4")
            .slaves(1000, 1000, 1000)
            .udpStreams(3, 1472, 0)
            .seconds(0.2)
            .run();
    HarnessResult flowlets =
        BondHarness.policy(new FlowletProvider())
            .slaves(1000, 1000, 1000)
            .udpStreams(3, 1472, 0)
            .seconds(0.2)
            .run();
    // These three flows' layer3+4 hashes put two on one slave and leave another idle.
    assertThat(hashed.maxShareDeviation()).isGreaterThan(0.9);
    assertThat(flowlets).spreadsLoadWithin(0.01).isReorderingFree();
    assertThat(flowlets.throughputMbps()).isGreaterThan(1.4 * hashed.throughputMbps());
  }
}
