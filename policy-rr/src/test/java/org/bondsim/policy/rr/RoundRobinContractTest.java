package org.bondsim.policy.rr;

import java.util.Optional;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.testkit.BalanceBound;
import org.bondsim.testkit.TxPolicyContract;

/**
 * balance-rr adopts the transmit contract: usable slaves only, repeatable, and with {@code
 * packets_per_slave 1} every slave gets its equal share of packets to within 5 %.
 */
class RoundRobinContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new RoundRobinProvider();
  }

  @Override
  public Optional<BalanceBound> balanceBound() {
    return Optional.of(new BalanceBound(0.05, 1));
  }
}
