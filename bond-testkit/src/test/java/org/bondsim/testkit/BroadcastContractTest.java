package org.bondsim.testkit;

import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.core.bond.BroadcastProvider;

/** broadcast ships in bond-core; the kit adopts the contract for it (it answers ALL_UP_SLAVES). */
class BroadcastContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new BroadcastProvider();
  }
}
