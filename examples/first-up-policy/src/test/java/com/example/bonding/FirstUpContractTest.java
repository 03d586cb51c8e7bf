package com.example.bonding;

import static org.bondsim.testkit.sim.HarnessAssertions.assertThat;

import java.util.Map;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;
import org.bondsim.testkit.sim.BondHarness;
import org.junit.jupiter.api.Test;

class FirstUpContractTest implements TxPolicyContract {
  @Override public TxPolicyProvider provider() { return new FirstUpProvider(); }
  @Override public Map<String, String> settings() { return Map.of("first_slave", "0"); }
  // It declares FLOW_STABLE, so the kit checks that too. Losing a slave it does not use moves
  // nothing; say so and the kit checks it:
  @Override public boolean movesOnlyWhatItMust() { return true; }

  @Test
  void oneSlaveCarriesEverythingInOrder() {
    assertThat(BondHarness.policy(new FirstUpProvider())
            .slaves(1000, 1000).delaysUs(10, 30)
            .udpStreams(4, 1472, 100).seconds(0.1).run())
        .isReorderingFree();
  }
}
