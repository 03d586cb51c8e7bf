package org.bondsim.api.packet;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * An IPv6 address.
 *
 * @param high the first 8 bytes on the wire, first byte most significant
 * @param low the last 8 bytes on the wire, first byte most significant
 */
public record Ipv6Address(long high, long low) implements IpAddress {
  /**
   * Parses a textual IPv6 address such as {@code 2001:db8::1}. No host name is ever looked up.
   *
   * @param text the address
   * @return the address
   * @throws IllegalArgumentException naming the text if it is not an IPv6 address
   */
  public static Ipv6Address parse(String text) {
    if (!text.matches("[0-9a-fA-F:.]+") || !text.contains(":")) {
      throw new IllegalArgumentException(
          "IPv6 address must be in RFC 4291 text form like 2001:db8::1, got '" + text + "'");
    }
    byte[] bytes;
    try {
      // With only hex digits, colons and dots, getByName parses a literal and never resolves.
      InetAddress address = InetAddress.getByName(text);
      if (!(address instanceof Inet6Address)) {
        throw new IllegalArgumentException(
            "IPv6 address must be in RFC 4291 text form like 2001:db8::1, got '" + text + "'");
      }
      bytes = address.getAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(
          "IPv6 address must be in RFC 4291 text form like 2001:db8::1, got '" + text + "'", e);
    }
    return fromBytes(bytes);
  }

  /**
   * Builds an address from 16 bytes in network order.
   *
   * @param bytes 16 bytes
   * @return the address
   */
  public static Ipv6Address fromBytes(byte[] bytes) {
    if (bytes.length != 16) {
      throw new IllegalArgumentException("IPv6 address must be 16 bytes, got " + bytes.length);
    }
    long high = 0;
    long low = 0;
    for (int i = 0; i < 8; i++) {
      high = (high << 8) | (bytes[i] & 0xFF);
      low = (low << 8) | (bytes[i + 8] & 0xFF);
    }
    return new Ipv6Address(high, low);
  }

  @Override
  public byte[] toBytes() {
    byte[] bytes = new byte[16];
    for (int i = 0; i < 8; i++) {
      bytes[i] = (byte) (high >>> (56 - 8 * i));
      bytes[i + 8] = (byte) (low >>> (56 - 8 * i));
    }
    return bytes;
  }

  @Override
  public String toString() {
    try {
      return InetAddress.getByAddress(toBytes()).getHostAddress();
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }
}
