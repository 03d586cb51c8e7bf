package org.bondsim.api.packet;

/**
 * A LACPDU ({@code struct lacpdu} in Linux's {@code bond_3ad.h}): the sender's (actor's) view of
 * its port and of the partner's. Sent to the Slow Protocols group address 01:80:c2:00:00:02 with
 * EtherType 0x8809, 110 bytes after the Ethernet header; a switch never forwards it.
 *
 * @param actor the sending port
 * @param partner what the sender knows of the receiving port
 */
public record Lacpdu(LacpPortInfo actor, LacpPortInfo partner) implements ControlMessage {
  /** The Slow Protocols group address, {@code lacpdu_mcast_addr}. */
  public static final MacAddress SLOW_PROTOCOLS_ADDRESS = MacAddress.parse("01:80:c2:00:00:02");

  /** The LACPDU's length after the Ethernet header: subtype to the reserved tail. */
  public static final int BYTES = 110;

  /**
   * Checks the fields.
   *
   * @param actor the actor
   * @param partner the partner
   */
  public Lacpdu {
    if (actor == null || partner == null) {
      throw new IllegalArgumentException("a LACPDU needs actor and partner information");
    }
  }

  @Override
  public int bytes() {
    return BYTES;
  }
}
