package org.bondsim.policy.rr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.bondsim.api.LinkState;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.core.engine.SeededRandom;

class RoundRobinPropertiesTest {
  @Property
  void strictRoundRobinOverUsableSlavesNeverDiffersByMoreThanOneFrame(
      @ForAll @IntRange(min = 1, max = 16) int slaves,
      @ForAll @IntRange(min = 0, max = 5000) int frames) {
    FakeBond bond = new FakeBond(slaves);
    TxPolicy policy = new RoundRobin(1, new SeededRandom(1));
    int[] counts = new int[slaves];
    for (int i = 0; i < frames; i++) {
      counts[policy.select(Packets.UDP, bond)]++;
    }
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int c : counts) {
      min = Math.min(min, c);
      max = Math.max(max, c);
    }
    assertThat(max - min).isLessThanOrEqualTo(1);
  }

  @Property
  void neverPicksASlaveThatCannotTransmit(
      @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 3) Integer> states,
      @ForAll @IntRange(min = 0, max = 8) int packetsPerSlave,
      @ForAll long seed) {
    FakeBond bond = new FakeBond(states.size());
    for (int i = 0; i < states.size(); i++) {
      // 0: up; 1: carrier lost, monitor not yet; 2: FAIL; 3: DOWN
      FakeBond.FakeSlave slave = bond.slaves.get(i);
      int s = states.get(i);
      slave.carrier = s == 0;
      slave.state = s == 2 ? LinkState.FAIL : s == 3 ? LinkState.DOWN : LinkState.UP;
    }
    TxPolicy policy = new RoundRobin(packetsPerSlave, new SeededRandom(seed));
    boolean anyUsable = states.contains(0);
    for (int i = 0; i < 100; i++) {
      int chosen = policy.select(Packets.UDP, bond);
      if (anyUsable) {
        assertThat(chosen).isBetween(0, states.size() - 1);
        assertThat(bond.slaves.get(chosen).canTransmit()).isTrue();
      } else {
        assertThat(chosen).isEqualTo(TxPolicy.NO_SLAVE);
      }
    }
  }
}
