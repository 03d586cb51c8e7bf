package org.bondsim.api.packet;

/**
 * An ICMP or ICMPv6 header. An error message (destination unreachable, time exceeded, …) quotes the
 * start of the packet that caused it; Linux's bonding hash reads that quoted packet, so it is kept
 * here.
 *
 * @param type the message type (8 echo request, 0 echo reply for ICMP; 128/129 for ICMPv6)
 * @param code the code
 * @param identifier the echo identifier for echo and timestamp messages, else 0
 * @param quotedIp the IP header of the packet an error message quotes, or null
 * @param quotedTransport the first transport bytes of the quoted packet, or null
 */
public record IcmpHeader(
    int type, int code, int identifier, IpHeader quotedIp, TransportHeader quotedTransport)
    implements TransportHeader {
  /** Bytes of the ICMP header up to and including the identifier and sequence. */
  public static final int HEADER_BYTES = 8;

  /**
   * Checks the fields.
   *
   * @param type type
   * @param code code
   * @param identifier identifier
   * @param quotedIp quoted IP header or null
   * @param quotedTransport quoted transport header or null
   */
  public IcmpHeader {
    if (type < 0 || type > 255 || code < 0 || code > 255) {
      throw new IllegalArgumentException(
          "ICMP type and code must be 0..255, got " + type + "/" + code);
    }
    if (identifier < 0 || identifier > 0xFFFF) {
      throw new IllegalArgumentException("ICMP identifier must be 0..65535, got " + identifier);
    }
    if (quotedTransport != null && quotedIp == null) {
      throw new IllegalArgumentException("a quoted transport header needs a quoted IP header");
    }
  }

  /**
   * Builds a message that quotes nothing, such as an echo request.
   *
   * @param type type
   * @param code code
   * @param identifier identifier, or 0
   */
  public IcmpHeader(int type, int code, int identifier) {
    this(type, code, identifier, null, null);
  }

  @Override
  public int headerBytes() {
    int bytes = HEADER_BYTES;
    if (quotedIp != null) {
      bytes += quotedIp.headerBytes() + (quotedTransport != null ? 8 : 0);
    }
    return bytes;
  }
}
