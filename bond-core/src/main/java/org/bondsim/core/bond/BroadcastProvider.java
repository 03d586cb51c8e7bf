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
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;

/**
 * Mode {@code broadcast} (3): a copy of every frame on every slave whose carrier is up and whose
 * link the monitor holds UP ({@code bond_xmit_broadcast}). The receiver gets every copy.
 */
public final class BroadcastProvider implements TxPolicyProvider {
  @Override
  public String mode() {
    return "broadcast";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.of(3);
  }

  @Override
  public String description() {
    return "every frame is sent on every slave that is up";
  }

  @Override
  public List<OptionSpec> options() {
    return List.of();
  }

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(Characteristic.DUPLICATES);
  }

  @Override
  public TxPolicy create(PolicyContext context, Options options) {
    return (OutgoingFrame packet, Bond bond) -> TxPolicy.ALL_UP_SLAVES;
  }
}
