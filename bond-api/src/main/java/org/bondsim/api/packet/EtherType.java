package org.bondsim.api.packet;

/** Ethertype numbers (IEEE 802 / Linux {@code if_ether.h}), in host order. */
public final class EtherType {
  /** IPv4, {@code ETH_P_IP}. */
  public static final int IPV4 = 0x0800;

  /** ARP, {@code ETH_P_ARP}. */
  public static final int ARP = 0x0806;

  /** 802.1Q VLAN tag, {@code ETH_P_8021Q}. */
  public static final int VLAN = 0x8100;

  /** IPv6, {@code ETH_P_IPV6}. */
  public static final int IPV6 = 0x86DD;

  /** Loopback test frames, {@code ETH_P_LOOPBACK}, used for balance-tlb learning packets. */
  public static final int LOOPBACK = 0x9000;

  /** Slow Protocols (IEEE 802.3 Annex 57A): LACP and the marker protocol. */
  public static final int SLOW = 0x8809;

  private EtherType() {}
}
