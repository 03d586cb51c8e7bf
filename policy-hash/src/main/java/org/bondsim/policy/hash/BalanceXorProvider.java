package org.bondsim.policy.hash;

import java.util.OptionalInt;

/**
 * Mode {@code balance-xor} (2): {@code usable[xmit_hash % count]} ({@code bond_3ad_xor_xmit}), with
 * {@code xmit_hash_policy} (default layer2) and the bondsim option {@code xmit_hash_formula} that
 * picks an older kernel's arithmetic.
 */
public final class BalanceXorProvider extends HashModeProvider {
  @Override
  public String mode() {
    return "balance-xor";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.of(2);
  }

  @Override
  public String description() {
    return "each flow takes the slave its header hash picks (xmit_hash_policy)";
  }

  @Override
  boolean walksAllSlaves() {
    return true;
  }
}
