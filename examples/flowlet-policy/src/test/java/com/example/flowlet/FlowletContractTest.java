package com.example.flowlet;

import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.TxPolicyContract;

/**
 * The flowlet policy adopts the transmit contract: it chooses only usable slaves and the same run
 * gives the same choices. It claims no flow stability (flows move between flowlets) and no balance
 * bound.
 */
class FlowletContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new FlowletProvider();
  }
}
