package org.bondsim.policy.hash;

import java.util.Map;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;

/**
 * balance-xor with layer3+4 adopts the transmit contract, flow stability included (it declares
 * FLOW_STABLE). It does not claim minimal moves: {@code hash % count} remaps other flows when a
 * slave goes.
 */
class BalanceXorContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new BalanceXorProvider();
  }

  @Override
  public Map<String, String> settings() {
    return Map.of("xmit_hash_policy", "layer3+4");
  }
}
