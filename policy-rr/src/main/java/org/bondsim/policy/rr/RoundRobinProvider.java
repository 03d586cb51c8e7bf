package org.bondsim.policy.rr;

import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;

/** Mode {@code balance-rr} (0): frames go to the slaves in turn. See {@link RoundRobin}. */
public final class RoundRobinProvider implements TxPolicyProvider {
  /** The option that sets how many frames a slave sends before the next one's turn. */
  public static final String PACKETS_PER_SLAVE = "packets_per_slave";

  @Override
  public String mode() {
    return "balance-rr";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.of(0);
  }

  @Override
  public String description() {
    return "frames go to the slaves in turn; one flow can use every slave, and may be reordered";
  }

  @Override
  public List<OptionSpec> options() {
    return List.of(
        new IntOption(
            PACKETS_PER_SLAVE,
            1,
            0,
            65535,
            "",
            "frames sent on a slave before moving to the next; 0 picks a random slave per frame"));
  }

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(Characteristic.SPRAYS_PACKETS);
  }

  @Override
  public TxPolicy create(PolicyContext context, Options options) {
    return new RoundRobin(options.getInt(PACKETS_PER_SLAVE), context.random());
  }
}
