package org.bondsim.api.packet;

/** The network-layer header of a frame. */
public sealed interface IpHeader permits Ipv4Header, Ipv6Header {
  /**
   * Returns the source address.
   *
   * @return the address
   */
  IpAddress source();

  /**
   * Returns the destination address.
   *
   * @return the address
   */
  IpAddress destination();

  /**
   * Returns the protocol of the payload: IPv4's protocol field, or IPv6's next header.
   *
   * @return an {@link IpProtocol} number, 0..255
   */
  int protocol();

  /**
   * Returns the length of this header.
   *
   * @return bytes
   */
  int headerBytes();

  /**
   * Returns whether this packet is a fragment whose transport header is not at the start of its
   * payload, or may be absent (IPv4: MF set or offset non-zero, as Linux's {@code ip_is_fragment}).
   *
   * @return true for a fragment
   */
  boolean isFragment();

  /**
   * Returns the ethertype that carries this header.
   *
   * @return {@link EtherType#IPV4} or {@link EtherType#IPV6}
   */
  int etherType();
}
