package org.bondsim.policy.hash;

import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;

/** 802.3ad's transmit side adopts the contract with its default layer2 hash. */
class Ieee8023adContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new Ieee8023adProvider();
  }
}
