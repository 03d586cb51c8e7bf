package org.bondsim.testkit;

import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.core.bond.ActiveBackupProvider;

/**
 * active-backup ships in bond-core, which cannot depend on this kit, so the kit adopts the contract
 * for it: everything on the active slave, and losing a backup moves no flow.
 */
class ActiveBackupContractTest implements TxPolicyContract {
  @Override
  public TxPolicyProvider provider() {
    return new ActiveBackupProvider();
  }

  @Override
  public boolean movesOnlyWhatItMust() {
    return true;
  }
}
