package org.bondsim.api.packet;

/** An IPv4 or IPv6 address. */
public sealed interface IpAddress permits Ipv4Address, Ipv6Address {
  /**
   * Returns the address as the bytes on the wire, network order.
   *
   * @return 4 or 16 bytes
   */
  byte[] toBytes();

  /**
   * Parses a dotted-quad IPv4 or a textual IPv6 address (RFC 4291 forms, including {@code ::}).
   *
   * @param text the address
   * @return the address
   * @throws IllegalArgumentException naming the text if it is not an IP address
   */
  static IpAddress parse(String text) {
    return text.indexOf(':') >= 0 ? Ipv6Address.parse(text) : Ipv4Address.parse(text);
  }
}
