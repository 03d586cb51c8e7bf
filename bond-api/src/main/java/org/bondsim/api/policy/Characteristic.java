package org.bondsim.api.policy;

/**
 * What a bonding mode promises about the slaves it chooses; {@code bond-testkit}'s {@code
 * TxPolicyContract} checks each promise a provider declares. What a mode needs from the bond core
 * (an active slave, its own slave MACs) is a {@link CoreNeed}.
 */
public enum Characteristic {
  /** Every packet of a flow takes the same slave while the set of usable slaves is unchanged. */
  FLOW_STABLE,
  /** Consecutive packets of one flow may take different slaves (balance-rr). */
  SPRAYS_PACKETS,
  /** The choice depends on measured load. */
  LOAD_AWARE,
  /** Every frame is copied to every slave that is up (broadcast). */
  DUPLICATES
}
