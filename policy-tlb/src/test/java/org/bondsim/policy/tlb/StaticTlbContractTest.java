package org.bondsim.policy.tlb;

import java.util.Map;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;

/** balance-tlb with {@code tlb_dynamic_lb 0} and layer3+4 hashing adopts the transmit contract. */
class StaticTlbContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new BalanceTlbProvider();
  }

  @Override
  public Map<String, String> settings() {
    return Map.of("tlb_dynamic_lb", "0", "xmit_hash_policy", "layer3+4");
  }
}
