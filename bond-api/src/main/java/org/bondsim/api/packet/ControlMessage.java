package org.bondsim.api.packet;

/**
 * The body of a control-plane frame the simulation reads field by field, unlike data frames whose
 * payload is only a length: the LACPDUs of 802.3ad and the ARP probes of bonding's ARP monitor.
 * Carried by {@link org.bondsim.api.stack.Packet#control()}.
 */
public sealed interface ControlMessage permits Lacpdu, ArpMessage {
  /**
   * Returns the bytes the body takes after the Ethernet header.
   *
   * @return bytes
   */
  int bytes();
}
