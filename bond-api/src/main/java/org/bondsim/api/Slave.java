package org.bondsim.api;

/**
 * A slave of a bond as a transmit policy sees it: its position in the slave list, its link, the
 * monitor's view of the link and the bond's view of its role.
 *
 * <p>The slave list keeps enslave order, as Linux's {@code bond_for_each_slave} does; many modes
 * depend on that order.
 */
public interface Slave {
  /**
   * Returns the interface name.
   *
   * @return a name such as {@code eth0}
   */
  String name();

  /**
   * Returns the position in the bond's slave list.
   *
   * @return 0 for the first enslaved slave
   */
  int index();

  /**
   * Returns the link behind this slave.
   *
   * @return the link
   */
  Link link();

  /**
   * Returns whether the carrier is up right now. Unlike {@link #linkState()} this changes at the
   * instant the link fails or recovers, before any monitor tick.
   *
   * @return true while the carrier is up
   */
  boolean carrier();

  /**
   * Returns the link monitor's committed view of this slave.
   *
   * @return the state
   */
  LinkState linkState();

  /**
   * Returns whether the bond forbids this slave to transmit (Linux {@code slave->backup}), as for
   * the non-active slaves of an active-backup bond.
   *
   * @return true for a backup slave
   */
  boolean isBackup();

  /**
   * Returns whether frames received on this slave are withheld from the bond (Linux {@code
   * slave->inactive}).
   *
   * @return true for an inactive slave
   */
  boolean isInactive();

  /**
   * Returns the slave's current MAC address. In most modes every slave carries the bond's MAC; in
   * balance-tlb and balance-alb each keeps its own and the active slave carries the bond's ({@link
   * org.bondsim.api.policy.CoreNeed#OWN_SLAVE_MACS}).
   *
   * @return the address
   */
  org.bondsim.api.packet.MacAddress mac();

  /**
   * Returns this slave's counters.
   *
   * @return live counters
   */
  SlaveCounters counters();

  /**
   * Returns whether the slave may transmit now: carrier up, link committed UP and not a backup, as
   * Linux's {@code bond_slave_can_tx}.
   *
   * @return true if the slave can transmit
   */
  default boolean canTransmit() {
    return carrier() && linkState() == LinkState.UP && !isBackup();
  }
}
