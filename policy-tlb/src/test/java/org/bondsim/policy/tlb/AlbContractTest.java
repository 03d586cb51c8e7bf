package org.bondsim.policy.tlb;

import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;

/** balance-alb's transmit side adopts the contract. */
class AlbContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new BalanceAlbProvider();
  }
}
