package org.bondsim.api.packet;

/**
 * An IPv6 fixed header. Extension headers are not modelled; a fragment is described by {@link
 * #fragment()} (its fragment header then counts in {@link #headerBytes()}), and {@link #protocol()}
 * is the next header of the fixed header, which for a fragment is 44, as Linux's bonding hash sees
 * it.
 *
 * @param source source address
 * @param destination destination address
 * @param nextHeader the fixed header's next header
 * @param flowLabel the 20-bit flow label
 * @param fragment true if a fragment header follows the fixed header
 */
public record Ipv6Header(
    Ipv6Address source, Ipv6Address destination, int nextHeader, int flowLabel, boolean fragment)
    implements IpHeader {
  /** Bytes of the fixed header. */
  public static final int HEADER_BYTES = 40;

  /** Bytes of a fragment extension header. */
  public static final int FRAGMENT_HEADER_BYTES = 8;

  /** The next-header number of a fragment header. */
  public static final int NEXT_HEADER_FRAGMENT = 44;

  /**
   * Checks the fields.
   *
   * @param source source address
   * @param destination destination address
   * @param nextHeader next header
   * @param flowLabel flow label
   * @param fragment whether a fragment header follows
   */
  public Ipv6Header {
    if (source == null || destination == null) {
      throw new IllegalArgumentException("IPv6 source and destination must be given");
    }
    if (nextHeader < 0 || nextHeader > 255) {
      throw new IllegalArgumentException("next header must be 0..255, got " + nextHeader);
    }
    if (flowLabel < 0 || flowLabel > 0xFFFFF) {
      throw new IllegalArgumentException("flow label must be 0..1048575, got " + flowLabel);
    }
  }

  /**
   * Builds an unfragmented header with flow label 0.
   *
   * @param source source address
   * @param destination destination address
   * @param nextHeader payload protocol
   * @return the header
   */
  public static Ipv6Header of(Ipv6Address source, Ipv6Address destination, int nextHeader) {
    return new Ipv6Header(source, destination, nextHeader, 0, false);
  }

  @Override
  public int protocol() {
    return fragment ? NEXT_HEADER_FRAGMENT : nextHeader;
  }

  @Override
  public int headerBytes() {
    return fragment ? HEADER_BYTES + FRAGMENT_HEADER_BYTES : HEADER_BYTES;
  }

  @Override
  public boolean isFragment() {
    return fragment;
  }

  @Override
  public int etherType() {
    return EtherType.IPV6;
  }
}
