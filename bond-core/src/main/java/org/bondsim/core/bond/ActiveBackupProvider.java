package org.bondsim.core.bond;

import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.bondsim.api.Bond;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.CoreNeed;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;

/**
 * Mode {@code active-backup} (1): every frame goes to the current active slave, which the bond
 * chooses from link state, {@code primary} and {@code primary_reselect}. Like Linux's {@code
 * bond_xmit_activebackup_slave_get} it does not check the carrier per frame: until the link monitor
 * notices a failure, frames keep going to the dead slave and are dropped there.
 */
public final class ActiveBackupProvider implements TxPolicyProvider {
  @Override
  public String mode() {
    return "active-backup";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.of(1);
  }

  @Override
  public String description() {
    return "one active slave sends and receives; the others wait as backups";
  }

  @Override
  public List<OptionSpec> options() {
    return List.of();
  }

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(Characteristic.FLOW_STABLE);
  }

  @Override
  public Set<CoreNeed> needs() {
    return EnumSet.of(CoreNeed.USES_ACTIVE_SLAVE, CoreNeed.ACTIVE_SLAVE_ONLY);
  }

  @Override
  public TxPolicy create(PolicyContext context, Options options) {
    return new ActiveBackup();
  }

  private static final class ActiveBackup implements TxPolicy {
    @Override
    public int select(OutgoingFrame packet, Bond bond) {
      int active = bond.activeSlave();
      return active >= 0 ? active : NO_SLAVE;
    }
  }
}
