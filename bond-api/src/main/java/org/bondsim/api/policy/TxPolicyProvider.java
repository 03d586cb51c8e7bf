package org.bondsim.api.policy;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;

/**
 * A bonding mode, found with {@link java.util.ServiceLoader}. Implementations need a public
 * no-argument constructor.
 */
public interface TxPolicyProvider {
  /**
   * Returns the mode's name, as {@code ip link … type bond mode NAME} takes it.
   *
   * @return a name such as {@code balance-rr}
   */
  String mode();

  /**
   * Returns the number Linux gives the mode ({@code include/uapi/linux/if_bonding.h}), which sysfs
   * also accepts; empty for a mode Linux does not have.
   *
   * @return 0 for balance-rr, 1 for active-backup, …
   */
  OptionalInt alias();

  /**
   * Returns one line on what the mode does.
   *
   * @return a description
   */
  String description();

  /**
   * Returns the options this mode adds to the bond's own (such as {@code packets_per_slave}).
   *
   * @return option specs with defaults and ranges
   */
  List<OptionSpec> options();

  /**
   * Returns defaults this mode imposes on the bond's options when neither the bond nor a module
   * parameter sets them, as Linux's {@code bond_option_mode_set} turns on {@code miimon 100} for
   * 802.3ad, balance-tlb and balance-alb.
   *
   * @return option name to value
   */
  default Map<String, String> modeDefaults() {
    return Map.of();
  }

  /**
   * Returns what the mode promises about its choices (checked by {@code bond-testkit}).
   *
   * @return the promises
   */
  Set<Characteristic> characteristics();

  /**
   * Returns what the mode needs the bond core to do for it; none by default.
   *
   * @return the needs
   */
  default Set<CoreNeed> needs() {
    return Set.of();
  }

  /**
   * Creates the policy for one bond.
   *
   * @param context the bond, clock, timers and randomness
   * @param options the bond's resolved options, this mode's among them
   * @return a new policy
   */
  TxPolicy create(PolicyContext context, Options options);
}
