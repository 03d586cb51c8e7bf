package org.bondsim.api.packet;

/**
 * An IPv4 header without options.
 *
 * @param source source address
 * @param destination destination address
 * @param protocol payload protocol, see {@link IpProtocol}
 * @param identification the 16-bit identification field
 * @param moreFragments the MF flag
 * @param fragmentOffset the fragment offset in 8-byte units, 0..8191
 */
public record Ipv4Header(
    Ipv4Address source,
    Ipv4Address destination,
    int protocol,
    int identification,
    boolean moreFragments,
    int fragmentOffset)
    implements IpHeader {
  /** Bytes of an IPv4 header without options. */
  public static final int HEADER_BYTES = 20;

  /**
   * Checks the fields.
   *
   * @param source source address
   * @param destination destination address
   * @param protocol payload protocol
   * @param identification identification
   * @param moreFragments MF flag
   * @param fragmentOffset offset in 8-byte units
   */
  public Ipv4Header {
    if (source == null || destination == null) {
      throw new IllegalArgumentException("IPv4 source and destination must be given");
    }
    if (protocol < 0 || protocol > 255) {
      throw new IllegalArgumentException("ip protocol must be 0..255, got " + protocol);
    }
    if (identification < 0 || identification > 0xFFFF) {
      throw new IllegalArgumentException(
          "ip identification must be 0..65535, got " + identification);
    }
    if (fragmentOffset < 0 || fragmentOffset > 8191) {
      throw new IllegalArgumentException("fragment offset must be 0..8191, got " + fragmentOffset);
    }
  }

  /**
   * Builds an unfragmented header.
   *
   * @param source source address
   * @param destination destination address
   * @param protocol payload protocol
   * @return the header
   */
  public static Ipv4Header of(Ipv4Address source, Ipv4Address destination, int protocol) {
    return new Ipv4Header(source, destination, protocol, 0, false, 0);
  }

  /**
   * Returns a copy describing one fragment of this datagram.
   *
   * @param identification the datagram's identification
   * @param moreFragments whether more fragments follow
   * @param fragmentOffset offset in 8-byte units
   * @return the fragment's header
   */
  public Ipv4Header fragment(int identification, boolean moreFragments, int fragmentOffset) {
    return new Ipv4Header(
        source, destination, protocol, identification, moreFragments, fragmentOffset);
  }

  @Override
  public int headerBytes() {
    return HEADER_BYTES;
  }

  @Override
  public boolean isFragment() {
    return moreFragments || fragmentOffset != 0;
  }

  @Override
  public int etherType() {
    return EtherType.IPV4;
  }
}
