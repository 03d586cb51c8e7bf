package com.example.bonding;

import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.bondsim.api.Bond;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;

/**
 * Mode {@code first-up}: every frame takes the first slave, counting from {@code first_slave},
 * that can transmit. A flow moves only when that slave goes down or comes back.
 */
public final class FirstUpProvider implements TxPolicyProvider {
  @Override
  public String mode() {
    return "first-up";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.empty(); // not a Linux mode, so no number
  }

  @Override
  public String description() {
    return "every frame takes the first slave that can transmit";
  }

  @Override
  public List<OptionSpec> options() {
    return List.of(new IntOption("first_slave", 0, 0, 63, "", "slave index to start looking at"));
  }

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(Characteristic.FLOW_STABLE);
  }

  @Override
  public TxPolicy create(PolicyContext context, Options options) {
    int start = options.getInt("first_slave");
    return (OutgoingFrame frame, Bond bond) -> {
      int count = bond.slaveCount();
      for (int k = 0; k < count; k++) {
        int index = (start + k) % count;
        if (bond.slave(index).canTransmit()) {
          return index;
        }
      }
      return TxPolicy.NO_SLAVE;
    };
  }
}
