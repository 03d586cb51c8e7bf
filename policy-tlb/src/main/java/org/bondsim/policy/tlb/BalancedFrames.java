package org.bondsim.policy.tlb;

import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IcmpHeader;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Header;
import org.bondsim.api.packet.MacAddress;

/**
 * Which frames balance-tlb ({@code bond_xmit_tlb_slave_get}) and balance-alb ({@code
 * bond_xmit_alb_slave_get}) balance; the others leave on the active slave. alb also gives a frame
 * its table entry: the XOR of the destination address's bytes ({@code _simple_hash}).
 */
final class BalancedFrames {
  /** IPv6 all-nodes multicast MAC 33:33:00:00:00:01, which alb treats as broadcast. */
  private static final MacAddress IPV6_ALL_NODES = MacAddress.parse("33:33:00:00:00:01");

  private static final int IPV4_BROADCAST = 0xFFFF_FFFF;

  private BalancedFrames() {}

  /** tlb: unicast IPv4, and unicast IPv6 other than neighbour discovery; never multicast. */
  static boolean tlbBalances(Frame frame) {
    EthernetHeader ethernet = frame.ethernet();
    if (ethernet.destination().isMulticast()) {
      return false;
    }
    // skb->protocol: an in-line 802.1Q tag leaves it at ETH_P_8021Q, which tlb does not balance.
    int protocol = ethernet.vlanInline() ? EtherType.VLAN : ethernet.etherType();
    if (protocol == EtherType.IPV4) {
      return true;
    }
    return protocol == EtherType.IPV6 && frame.ip() != null && !neighbourDiscovery(frame);
  }

  /**
   * Returns the table entry (0..255) for a frame alb balances, or -1 for one that leaves on the
   * active slave: broadcast MAC, IPv4 limited broadcast, IGMP, IPv6 all-nodes, neighbour discovery,
   * duplicate-address probes (source ::), ARP (rlb's business, not modelled) and non-IP frames.
   */
  static int albIndex(Frame frame) {
    EthernetHeader ethernet = frame.ethernet();
    if (ethernet.destination().equals(MacAddress.BROADCAST) || ethernet.vlanInline()) {
      return -1;
    }
    if (ethernet.etherType() == EtherType.IPV4 && frame.ip() instanceof Ipv4Header ip) {
      int daddr = ip.destination().bits();
      if (daddr == IPV4_BROADCAST || ip.protocol() == IpProtocol.IGMP) {
        return -1;
      }
      return fold(daddr);
    }
    if (ethernet.etherType() == EtherType.IPV6 && frame.ip() instanceof Ipv6Header ip) {
      if (ethernet.destination().equals(IPV6_ALL_NODES)
          || neighbourDiscovery(frame)
          || (ip.source().high() == 0 && ip.source().low() == 0)) {
        return -1;
      }
      long x = ip.destination().high() ^ ip.destination().low();
      return fold((int) (x ^ (x >>> 32)));
    }
    return -1;
  }

  /** alb_determine_nd: an ICMPv6 neighbour solicitation (135) or advertisement (136). */
  private static boolean neighbourDiscovery(Frame frame) {
    return frame.ip().protocol() == IpProtocol.ICMPV6
        && frame.transport() instanceof IcmpHeader icmp
        && (icmp.type() == 135 || icmp.type() == 136);
  }

  /** XOR of the four bytes of a 32-bit word: byte order does not change an XOR of bytes. */
  private static int fold(int word) {
    return (word ^ (word >>> 8) ^ (word >>> 16) ^ (word >>> 24)) & 0xFF;
  }
}
