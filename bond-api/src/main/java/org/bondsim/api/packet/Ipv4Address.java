package org.bondsim.api.packet;

import org.bondsim.api.option.StrictNumbers;

/**
 * An IPv4 address.
 *
 * @param bits the address as a number, first octet most significant (10.0.0.1 is 0x0a000001)
 */
public record Ipv4Address(int bits) implements IpAddress {
  /**
   * Parses a dotted quad such as {@code 10.0.0.1}.
   *
   * @param text the address
   * @return the address
   * @throws IllegalArgumentException naming the text if it is not a dotted quad
   */
  public static Ipv4Address parse(String text) {
    String[] parts = text.split("\\.", -1);
    if (parts.length != 4) {
      throw new IllegalArgumentException(
          "IPv4 address must be a dotted quad like 10.0.0.1, got '" + text + "'");
    }
    int bits = 0;
    for (String part : parts) {
      int octet;
      try {
        octet =
            part.length() > 3 || !StrictNumbers.isAsciiDigits(part, false)
                ? -1
                : Integer.parseInt(part);
      } catch (NumberFormatException e) {
        octet = -1;
      }
      if (octet < 0 || octet > 255) {
        throw new IllegalArgumentException(
            "IPv4 address must be a dotted quad like 10.0.0.1, got '" + text + "'");
      }
      bits = (bits << 8) | octet;
    }
    return new Ipv4Address(bits);
  }

  /**
   * Returns one octet.
   *
   * @param index 0 for the first octet on the wire
   * @return the octet, 0..255
   */
  public int octet(int index) {
    return (bits >>> (8 * (3 - index))) & 0xFF;
  }

  @Override
  public byte[] toBytes() {
    return new byte[] {
      (byte) (bits >>> 24), (byte) (bits >>> 16), (byte) (bits >>> 8), (byte) bits
    };
  }

  @Override
  public String toString() {
    return octet(0) + "." + octet(1) + "." + octet(2) + "." + octet(3);
  }
}
