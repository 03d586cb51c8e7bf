package org.bondsim.policy.rr;

import java.util.Map;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;

/**
 * balance-rr with {@code packets_per_slave 0}: a random slave per packet, from the seeded source.
 */
class RandomSlaveContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new RoundRobinProvider();
  }

  @Override
  public Map<String, String> settings() {
    return Map.of("packets_per_slave", "0");
  }
}
