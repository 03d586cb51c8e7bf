package org.bondsim.api.packet;

/**
 * An ARP request or reply for IPv4 over Ethernet (RFC 826), 28 bytes after the Ethernet header.
 *
 * @param operation {@link #REQUEST} or {@link #REPLY}
 * @param senderMac sender hardware address, low 48 bits
 * @param senderIp sender protocol address
 * @param targetMac target hardware address (zero in a request)
 * @param targetIp target protocol address
 */
public record ArpMessage(
    int operation, long senderMac, Ipv4Address senderIp, long targetMac, Ipv4Address targetIp)
    implements ControlMessage {
  /** ARPOP_REQUEST. */
  public static final int REQUEST = 1;

  /** ARPOP_REPLY. */
  public static final int REPLY = 2;

  /** The ARP body's length for IPv4 over Ethernet. */
  public static final int BYTES = 28;

  /**
   * Checks the fields.
   *
   * @param operation request or reply
   * @param senderMac sender MAC
   * @param senderIp sender IP
   * @param targetMac target MAC
   * @param targetIp target IP
   */
  public ArpMessage {
    if (operation != REQUEST && operation != REPLY) {
      throw new IllegalArgumentException("ARP operation must be 1 or 2, got " + operation);
    }
    if (senderIp == null || targetIp == null) {
      throw new IllegalArgumentException("an ARP message needs sender and target addresses");
    }
  }

  @Override
  public int bytes() {
    return BYTES;
  }
}
