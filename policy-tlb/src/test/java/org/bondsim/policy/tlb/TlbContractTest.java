package org.bondsim.policy.tlb;

import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;

/** balance-tlb with dynamic balancing adopts the transmit contract. */
class TlbContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new BalanceTlbProvider();
  }
}
