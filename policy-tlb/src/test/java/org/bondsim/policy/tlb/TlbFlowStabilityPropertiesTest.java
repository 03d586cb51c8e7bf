package org.bondsim.policy.tlb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A flow changes slave only when something allows it: a slave going down or coming up, or (with
 * tlb_dynamic_lb 1) a rebalance of the monitor. When those happen is tested by example.
 */
class TlbFlowStabilityPropertiesTest {
  private static final long SECOND = 1_000_000_000L;

  @Property(tries = 60)
  void flowsMoveOnlyOnSlaveChangesOrRebalances(
      @ForAll boolean dynamic,
      @ForAll @IntRange(min = 1, max = 40) int flows,
      @ForAll @IntRange(min = 2, max = 5) int slaveCount,
      @ForAll @Size(max = 25) List<@IntRange(min = 0, max = 99) Integer> toggles) {
    long[] speeds = new long[slaveCount];
    Arrays.fill(speeds, 1000);
    TlbBond tlb = new TlbBond(speeds, dynamic);
    boolean[] up = new boolean[slaveCount];
    Arrays.fill(up, true);
    int[] previous = null;
    long rebalancesBefore = tlb.policy.rebalances();
    for (int second = 0; second < 25; second++) {
      // A toggle value v flips slave v % slaveCount in second v / 4, if that is this second.
      boolean slaveChanged = false;
      for (int v : toggles) {
        if (v / 4 == second) {
          int slave = v % slaveCount;
          up[slave] = !up[slave];
          tlb.carrier(slave, up[slave]);
          slaveChanged = true;
        }
      }
      int[] now = new int[flows];
      for (int f = 0; f < flows; f++) {
        now[f] = tlb.select(f);
        if (now[f] >= 0) {
          assertThat(up[now[f]]).as("flow %d on a slave that is down", f).isTrue();
        }
      }
      boolean rebalanced = dynamic && tlb.policy.rebalances() != rebalancesBefore;
      if (previous != null && !slaveChanged && !rebalanced) {
        assertThat(now).as("second %d", second).isEqualTo(previous);
      }
      previous = now;
      rebalancesBefore = tlb.policy.rebalances();
      tlb.runUntil((second + 1) * SECOND);
    }
  }
}
