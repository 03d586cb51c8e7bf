package org.bondsim.core.bond;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Counts flows whose transmit slave changed between two of their frames: the moves a load-aware
 * mode makes (balance-tlb's rebalance) or a slave change forces. A move is seen when the flow sends
 * its next frame, so the moves one rebalance causes are spread over a few milliseconds; moves
 * within 100 ms (one balance-tlb monitor tick) of the first of a group count in that group.
 */
public final class FlowMoves {
  private static final long GROUP_NS = 100_000_000L;

  private int[] lastSlave = new int[64];
  private long total;
  private final List<long[]> byTime = new ArrayList<>();
  // The newest group: under balance-rr nearly every frame is a move, so keep it at hand.
  private long[] latest;

  FlowMoves() {
    Arrays.fill(lastSlave, -1);
  }

  void sent(int flowId, int slave, long nowNs) {
    if (flowId < 0) {
      return;
    }
    if (flowId >= lastSlave.length) {
      int old = lastSlave.length;
      lastSlave = Arrays.copyOf(lastSlave, Math.max(flowId + 1, old * 2));
      Arrays.fill(lastSlave, old, lastSlave.length, -1);
    }
    int last = lastSlave[flowId];
    lastSlave[flowId] = slave;
    if (last < 0 || last == slave) {
      return;
    }
    total++;
    if (latest != null && nowNs - latest[0] < GROUP_NS) {
      latest[1]++;
    } else {
      latest = new long[] {nowNs, 1};
      byTime.add(latest);
    }
  }

  /**
   * Returns how many times a flow changed slave.
   *
   * @return moves
   */
  public long total() {
    return total;
  }

  /**
   * Returns the moves grouped by when they began: each entry is {time ns, moves}.
   *
   * @return groups in time order
   */
  public List<long[]> groups() {
    return byTime;
  }
}
