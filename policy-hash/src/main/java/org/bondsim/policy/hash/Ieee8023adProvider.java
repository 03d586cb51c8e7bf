package org.bondsim.policy.hash;

import java.util.Map;
import java.util.OptionalInt;

/**
 * Mode {@code 802.3ad} (4), transmit side only: {@code usable[xmit_hash % count]} over the slaves
 * of the active aggregator. LACP is not negotiated yet: the aggregator is assumed to hold every
 * slave that can transmit, from the start. As Linux's {@code bond_option_mode_set} does, the mode
 * turns on {@code miimon 100} unless miimon is set.
 */
public final class Ieee8023adProvider extends HashModeProvider {
  @Override
  public String mode() {
    return "802.3ad";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.of(4);
  }

  @Override
  public String description() {
    return "IEEE 802.3ad link aggregation (transmit hashing; every up slave in the aggregator)";
  }

  @Override
  public Map<String, String> modeDefaults() {
    return Map.of("miimon", "100");
  }

  @Override
  boolean walksAllSlaves() {
    return false;
  }
}
