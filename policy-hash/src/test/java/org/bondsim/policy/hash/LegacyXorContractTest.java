package org.bondsim.policy.hash;

import java.util.Map;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;

/**
 * balance-xor as Linux before 3.19 computed it (hash modulo every slave, then on to the next one
 * that can send): losing a slave moves only the flows that were on it.
 */
class LegacyXorContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new BalanceXorProvider();
  }

  @Override
  public Map<String, String> settings() {
    return Map.of("xmit_hash_policy", "layer2+3", "xmit_hash_formula", "2.6");
  }

  @Override
  public boolean movesOnlyWhatItMust() {
    return true;
  }
}
