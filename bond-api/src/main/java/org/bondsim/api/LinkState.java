package org.bondsim.api;

/**
 * A slave's link state as the bond's link monitor sees it, named as in Linux {@code if_bonding.h}
 * ({@code BOND_LINK_UP}, {@code BOND_LINK_FAIL}, {@code BOND_LINK_DOWN}, {@code BOND_LINK_BACK}).
 *
 * <p>The state changes only at monitor ticks; the carrier itself can change at any instant (see
 * {@link Slave#carrier()}).
 */
public enum LinkState {
  /** Link is up and committed as up; the slave may transmit. */
  UP,
  /** Carrier was lost; the monitor is counting {@code downdelay} ticks before declaring DOWN. */
  FAIL,
  /** Link is down; the slave is not used. */
  DOWN,
  /** Carrier came back; the monitor is counting {@code updelay} ticks before declaring UP. */
  BACK
}
