package org.bondsim.api.packet;

import org.bondsim.api.option.StrictNumbers;

/**
 * A 48-bit Ethernet address.
 *
 * @param bits the address in the low 48 bits, first octet most significant
 */
public record MacAddress(long bits) {
  /** The I/G bit: the low bit of the first octet. */
  public static final long GROUP_BIT = 0x0100_0000_0000L;

  /** The broadcast address ff:ff:ff:ff:ff:ff. */
  public static final MacAddress BROADCAST = new MacAddress(0xFFFF_FFFF_FFFFL);

  /**
   * Checks the address fits in 48 bits.
   *
   * @param bits the address in the low 48 bits
   */
  public MacAddress {
    if ((bits & ~0xFFFF_FFFF_FFFFL) != 0) {
      throw new IllegalArgumentException(
          "MAC address must fit in 48 bits, got 0x" + Long.toHexString(bits));
    }
  }

  /**
   * Parses {@code 00:11:22:33:44:55} (also with {@code -} separators).
   *
   * @param text six two-digit hex octets
   * @return the address
   * @throws IllegalArgumentException naming the text if it is not a MAC address
   */
  public static MacAddress parse(String text) {
    String[] parts = text.split("[:-]", -1);
    if (parts.length != 6) {
      throw new IllegalArgumentException(
          "MAC address must be six hex octets like 00:11:22:33:44:55, got '" + text + "'");
    }
    long bits = 0;
    for (String part : parts) {
      if (part.length() > 2 || !StrictNumbers.isAsciiDigits(part, true)) {
        throw new IllegalArgumentException(
            "MAC address must be six hex octets like 00:11:22:33:44:55, got '" + text + "'");
      }
      int octet;
      try {
        octet = Integer.parseInt(part, 16);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "MAC address must be six hex octets like 00:11:22:33:44:55, got '" + text + "'", e);
      }
      bits = (bits << 8) | octet;
    }
    return new MacAddress(bits);
  }

  /**
   * Returns one octet.
   *
   * @param index 0 for the first octet on the wire, 5 for the last
   * @return the octet, 0..255
   */
  public int octet(int index) {
    if (index < 0 || index > 5) {
      throw new IndexOutOfBoundsException("MAC octet index must be 0..5, got " + index);
    }
    return (int) (bits >>> (8 * (5 - index))) & 0xFF;
  }

  /**
   * Returns whether this is a group (multicast or broadcast) address.
   *
   * @return true if the I/G bit of the first octet is set
   */
  public boolean isMulticast() {
    return isGroup(bits);
  }

  /**
   * Returns whether 48 address bits are a group (multicast or broadcast) address, for code that
   * keeps addresses as longs on the per-frame path.
   *
   * @param bits the address in the low 48 bits, first octet most significant
   * @return true if the I/G bit of the first octet is set
   */
  public static boolean isGroup(long bits) {
    return (bits & GROUP_BIT) != 0;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(17);
    for (int i = 0; i < 6; i++) {
      if (i > 0) {
        text.append(':');
      }
      int octet = octet(i);
      text.append(Character.forDigit(octet >> 4, 16)).append(Character.forDigit(octet & 0xF, 16));
    }
    return text.toString();
  }
}
