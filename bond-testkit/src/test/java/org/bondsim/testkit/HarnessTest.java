package org.bondsim.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bondsim.testkit.sim.BondHarness;
import org.bondsim.testkit.sim.HarnessAssertions;
import org.bondsim.testkit.sim.HarnessResult;
import org.junit.jupiter.api.Test;

/** The harness on bond-core's own modes, and its assertions failing with readable messages. */
class HarnessTest {
  private static HarnessResult activeBackupWithFailover() {
    return BondHarness.mode("active-backup")
        .bond("miimon 10")
        .slaves(1000, 1000)
        .delaysUs(10, 40)
        .udpStreams(2, 1472, 200)
        .fail(0, 0.05)
        .recover(0, 0.08)
        .seconds(0.1)
        .run();
  }

  @Test
  void activeBackupFailsOverAndBack() {
    HarnessResult result = activeBackupWithFailover();
    // Both slaves carried traffic, one after the other; the switch to the longer path reorders
    // nothing, the switch back to the shorter one can.
    assertThat(result.txShares()[0]).isGreaterThan(0.4);
    assertThat(result.txShares()[1]).isGreaterThan(0.1);
    assertThat(result.report().activeChanges()).hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void aFailedAssertionSaysWhatTheReceiverSaw() {
    HarnessResult result = activeBackupWithFailover();
    assertThatThrownBy(() -> HarnessAssertions.assertThat(result).spreadsLoadWithin(0.01))
        .hasMessageStartingWith(
            "expected every slave within 1.000% of an equal share, but the shares were [");
  }
}
