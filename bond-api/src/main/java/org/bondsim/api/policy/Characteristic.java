package org.bondsim.api.policy;

/** What a bonding mode promises or needs, so the bond core and test kits can treat it right. */
public enum Characteristic {
  /** Every packet of a flow takes the same slave while the set of usable slaves is unchanged. */
  FLOW_STABLE,
  /** Consecutive packets of one flow may take different slaves (balance-rr). */
  SPRAYS_PACKETS,
  /** The choice depends on measured load. */
  LOAD_AWARE,
  /**
   * The bond keeps a current active slave chosen by link state, {@code primary} and {@code
   * primary_reselect} (Linux {@code bond_uses_primary}: active-backup, balance-tlb, balance-alb).
   */
  USES_ACTIVE_SLAVE,
  /**
   * Only the current active slave transmits; every other slave is a backup and its received frames
   * are not delivered (active-backup).
   */
  ACTIVE_SLAVE_ONLY,
  /** Every frame is copied to every slave that is up (broadcast). */
  DUPLICATES,
  /**
   * Each slave keeps its own MAC address and the current active slave carries the bond's (swapped
   * when the active slave changes); a frame leaving another slave carries that slave's MAC as its
   * source, and the other slaves are inactive for receiving: they deliver to the bond only what a
   * {@link ReceiveBalancer} steered to them (balance-tlb, balance-alb; Linux {@code bond_is_lb}). A
   * switch needs no configuration for such a bond.
   */
  OWN_SLAVE_MACS
}
