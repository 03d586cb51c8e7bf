package org.bondsim.core.lacp;

import org.bondsim.api.packet.Lacpdu;

/** What a {@link LacpSystem} needs from the device it runs on: a bond or a switch. */
public interface LacpHost {
  /**
   * Sends a LACPDU out of a port ({@code ad_lacpdu_send}).
   *
   * @param port the port's index in the system
   * @param pdu the LACPDU
   */
  void transmit(int port, Lacpdu pdu);

  /**
   * Returns whether the port's link is up as the device sees it (a bond: the link monitor's
   * committed state; a switch: the carrier). Linux enables a port only then ({@code
   * __enable_port}).
   *
   * @param port the port
   * @return true if up
   */
  boolean linkUp(int port);

  /**
   * The port starts or stops collecting and distributing: a bond makes the slave active or inactive
   * ({@code __enable_port}, {@code __disable_port}); a switch forwards to it or not.
   *
   * @param port the port
   * @param on true to collect and distribute
   */
  void setCollectingDistributing(int port, boolean on);

  /**
   * The set of distributing ports changed: rebuild the transmit array ({@code
   * bond_update_slave_arr}).
   */
  void distributingChanged();

  /**
   * Records an event for the report's timeline.
   *
   * @param port the port
   * @param event {@code lacp_expired}, {@code lacp_defaulted}, {@code lacp_current}, {@code
   *     aggregator_join}, {@code aggregator_leave}
   */
  void event(int port, String event);
}
