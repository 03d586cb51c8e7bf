package org.bondsim.api.policy;

/**
 * What a bonding mode needs the bond core to do for it, beyond choosing slaves: the parts of
 * Linux's bonding driver that a mode switches on ({@code bond_uses_primary}, {@code
 * bond_is_active_slave}, {@code bond_is_lb}). Declared by {@link TxPolicyProvider#needs()}; what a
 * mode promises about its choices is a {@link Characteristic}.
 */
public enum CoreNeed {
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
  /**
   * Each slave keeps its own MAC address and the current active slave carries the bond's (swapped
   * when the active slave changes); a frame leaving another slave carries that slave's MAC as its
   * source, and the other slaves are inactive for receiving: they deliver to the bond only what a
   * {@link ReceiveBalancer} steered to them (balance-tlb, balance-alb; Linux {@code bond_is_lb}). A
   * switch needs no configuration for such a bond.
   */
  OWN_SLAVE_MACS,
  /**
   * The bond runs LACP on its slaves (802.3ad, {@code bond_3ad.c}): a slave transmits and its
   * received frames reach the bond only while its port collects and distributes in the active
   * aggregator; every other slave is inactive. The policy sees that through {@code canTransmit()}.
   */
  LACP
}
