package org.bondsim.api.packet;

/** IP protocol numbers (IANA, Linux {@code in.h}). */
public final class IpProtocol {
  /** ICMP. */
  public static final int ICMP = 1;

  /** IGMP. */
  public static final int IGMP = 2;

  /** TCP. */
  public static final int TCP = 6;

  /** UDP. */
  public static final int UDP = 17;

  /** ICMPv6. */
  public static final int ICMPV6 = 58;

  private IpProtocol() {}
}
