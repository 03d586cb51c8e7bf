package org.bondsim.api.packet;

/**
 * An ICMP or ICMPv6 header.
 *
 * @param type the message type (8 echo request, 0 echo reply for ICMP; 128/129 for ICMPv6)
 * @param code the code
 * @param identifier the echo identifier for echo and timestamp messages, else 0
 */
public record IcmpHeader(int type, int code, int identifier) implements TransportHeader {
  /** Bytes of the ICMP header up to and including the identifier and sequence. */
  public static final int HEADER_BYTES = 8;

  /**
   * Checks the fields.
   *
   * @param type type
   * @param code code
   * @param identifier identifier
   */
  public IcmpHeader {
    if (type < 0 || type > 255 || code < 0 || code > 255) {
      throw new IllegalArgumentException(
          "ICMP type and code must be 0..255, got " + type + "/" + code);
    }
    if (identifier < 0 || identifier > 0xFFFF) {
      throw new IllegalArgumentException("ICMP identifier must be 0..65535, got " + identifier);
    }
  }

  @Override
  public int headerBytes() {
    return HEADER_BYTES;
  }
}
