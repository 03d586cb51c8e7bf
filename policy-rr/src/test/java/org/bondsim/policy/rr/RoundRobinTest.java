package org.bondsim.policy.rr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.LinkState;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.core.engine.SeededRandom;
import org.junit.jupiter.api.Test;

class RoundRobinTest {
  private static List<Integer> choices(TxPolicy policy, FakeBond bond, int frames) {
    List<Integer> chosen = new ArrayList<>();
    for (int i = 0; i < frames; i++) {
      chosen.add(policy.select(Packets.UDP, bond));
    }
    return chosen;
  }

  @Test
  void strictRoundRobinStartsAtTheSecondSlaveAsLinuxSince515() {
    // bond_rr_gen_slave_id increments the counter first: the first frame gets id 1.
    FakeBond bond = new FakeBond(3);
    assertThat(choices(new RoundRobin(1, new SeededRandom(1)), bond, 7))
        .containsExactly(1, 2, 0, 1, 2, 0, 1);
  }

  @Test
  void framesSentBeforeTheRunMoveTheCounterAsThatManySelectsWould() {
    FakeBond bond = new FakeBond(3);
    RoundRobin afterFour = new RoundRobin(1, new SeededRandom(1));
    afterFour.sentBefore(4);
    // Four earlier frames took ids 1 to 4; the run's first frame gets id 5, slave 2.
    assertThat(choices(afterFour, bond, 4)).containsExactly(2, 0, 1, 2);
    RoundRobin chunked = new RoundRobin(3, new SeededRandom(1));
    chunked.sentBefore(2);
    // ids counter / 3 for counters 3, 4, 5, 6: slave 1 three times, then 2.
    assertThat(choices(chunked, bond, 4)).containsExactly(1, 1, 1, 2);
    RoundRobin random = new RoundRobin(0, new SeededRandom(1));
    random.sentBefore(7);
    assertThat(choices(random, bond, 50))
        .isEqualTo(choices(new RoundRobin(0, new SeededRandom(1)), bond, 50));
    assertThatThrownBy(() -> afterFour.sentBefore(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("frames must be at least 0, got -1");
  }

  @Test
  void packetsPerSlaveSendsNFramesPerTurnWithTheFirstTurnOneShort() {
    // id = counter / 3 with counter = 1, 2, 3, ...: ids 0 0 1 1 1 2 2 2 0 0 0 ...
    FakeBond bond = new FakeBond(3);
    assertThat(choices(new RoundRobin(3, new SeededRandom(1)), bond, 11))
        .containsExactly(0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0);
  }

  @Test
  void aSlaveThatCannotTransmitPassesItsTurnToTheNextOne() {
    FakeBond bond = new FakeBond(3);
    bond.slaves.get(2).carrier = false;
    assertThat(choices(new RoundRobin(1, new SeededRandom(1)), bond, 6))
        .containsExactly(1, 0, 0, 1, 0, 0);
    bond.slaves.get(2).carrier = true;
    bond.slaves.get(0).state = LinkState.FAIL;
    assertThat(choices(new RoundRobin(1, new SeededRandom(1)), bond, 3)).containsExactly(1, 2, 1);
  }

  @Test
  void noSlaveUpMeansNoSlave() {
    FakeBond bond = new FakeBond(2);
    bond.slaves.forEach(s -> s.carrier = false);
    assertThat(new RoundRobin(1, new SeededRandom(1)).select(Packets.UDP, bond))
        .isEqualTo(TxPolicy.NO_SLAVE);
  }

  @Test
  void igmpGoesToTheActiveSlaveAndDoesNotAdvanceTheCounter() {
    FakeBond bond = new FakeBond(3);
    bond.active = 2;
    RoundRobin policy = new RoundRobin(1, new SeededRandom(1));
    assertThat(policy.select(Packets.IGMP, bond)).isEqualTo(2);
    assertThat(policy.select(Packets.UDP, bond)).isEqualTo(1);
    bond.slaves.get(2).carrier = false;
    assertThat(policy.select(Packets.IGMP, bond)).isEqualTo(0);
    assertThat(policy.select(Packets.UDP, bond)).isEqualTo(0);
  }

  @Test
  void randomModeDependsOnTheSeed() {
    FakeBond bond = new FakeBond(4);
    List<Integer> a = choices(new RoundRobin(0, new SeededRandom(1)), bond, 200);
    List<Integer> b = choices(new RoundRobin(0, new SeededRandom(1)), bond, 200);
    List<Integer> c = choices(new RoundRobin(0, new SeededRandom(2)), bond, 200);
    assertThat(a).isEqualTo(b).isNotEqualTo(c);
    assertThat(a).contains(0, 1, 2, 3);
  }

  @Test
  void outOfRangePacketsPerSlaveIsRefused() {
    assertThatThrownBy(() -> new RoundRobin(-1, new SeededRandom(1)))
        .hasMessage("packets_per_slave must be 0..65535, got -1");
  }
}
