package org.bondsim.policy.hash;

import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IcmpHeader;
import org.bondsim.api.packet.IpAddress;
import org.bondsim.api.packet.IpHeader;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Address;
import org.bondsim.api.packet.PortsHeader;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.TransportHeader;
import org.bondsim.api.packet.UdpHeader;

/**
 * Linux's bonding transmit hash ({@code bond_xmit_hash} and its predecessors) on the frame kinds
 * bondsim carries, bit for bit as a little-endian (x86, arm64) host computes it.
 *
 * <p>The kernel copies network-order header fields into 32-bit integers by memory, so on a
 * little-endian host a field's value is its wire bytes reversed: 10.0.0.1 hashes as 0x0100000a,
 * ports 40000 → 80 as {@code le32(9c 40 00 50)} = 0x5000409c. The current arithmetic, for layer3+4
 * on IPv4 TCP:
 *
 * <pre>
 *   h = ports ^ dst ^ src;  h ^= h >>> 16;  h ^= h >>> 8;  h >>>= 1
 * </pre>
 *
 * <p>and the slave is {@code usable[h % count]}. {@link HashFormula} selects older kernels'
 * arithmetic. An instance keeps scratch state, so it is not thread-safe; the hash allocates
 * nothing.
 *
 * <p>Assumptions, as the model's frames carry them: an 802.1Q tag is hardware-accelerated metadata
 * (so the Ethernet header's type is the payload's); no skb carries an RSS or socket hash, so
 * encap3+4 never takes its {@code skb->l4_hash} shortcut; an ICMP error whose quoted packet is
 * missing counts as truncated, which makes the current dissector fail and fall back to the layer-2
 * term; there are no tunnels, so encap2+3 and encap3+4 see the outer headers.
 */
public final class XmitHash {
  private static final int ETH_P_RARP = 0x8035;

  private final XmitHashPolicy policy;
  private final HashFormula formula;

  // Scratch flow keys of one dissection.
  private int src;
  private int dst;
  private int ports;
  private int icmpKey;
  private int icmpId;

  /**
   * Builds a hasher.
   *
   * @param policy the xmit_hash_policy
   * @param formula which kernel's arithmetic
   * @throws IllegalArgumentException if that kernel does not have the policy
   */
  public XmitHash(XmitHashPolicy policy, HashFormula formula) {
    if ((policy == XmitHashPolicy.ENCAP23 || policy == XmitHashPolicy.ENCAP34)
        && !formula.atLeast(HashFormula.LINUX_3_13)) {
      throw new IllegalArgumentException(
          "xmit_hash_policy "
              + policy.word()
              + " needs Linux 3.13 or later, not "
              + formula.word());
    }
    if (policy == XmitHashPolicy.VLAN_SRCMAC && !formula.atLeast(HashFormula.LINUX_5_5)) {
      throw new IllegalArgumentException(
          "xmit_hash_policy vlan+srcmac needs Linux 5.12 or later, not " + formula.word());
    }
    this.policy = policy;
    this.formula = formula;
  }

  /**
   * Returns the policy.
   *
   * @return the policy
   */
  public XmitHashPolicy policy() {
    return policy;
  }

  /**
   * Returns the formula.
   *
   * @return the formula
   */
  public HashFormula formula() {
    return formula;
  }

  /**
   * Hashes a frame. Before Linux 3.19 the kernel reduced inside the hash function; the value
   * returned here is the one it reduced (the caller takes it modulo the slave count).
   *
   * @param frame the frame
   * @return the 32-bit hash as an int (read it unsigned)
   */
  public int hash(Frame frame) {
    if (policy == XmitHashPolicy.VLAN_SRCMAC) {
      return vlanSourceMac(frame.ethernet());
    }
    if (!formula.atLeast(HashFormula.LINUX_3_13)) {
      return legacy(frame);
    }
    if (policy == XmitHashPolicy.LAYER2 || !dissect(frame)) {
      return l2(frame.ethernet());
    }
    int h;
    if (policy == XmitHashPolicy.LAYER23 || policy == XmitHashPolicy.ENCAP23) {
      h = l2(frame.ethernet());
    } else {
      h = icmpId != 0 ? icmpKey : ports;
    }
    h ^= dst ^ src;
    h ^= h >>> 16;
    h ^= h >>> 8;
    if (formula.atLeast(HashFormula.LINUX_5_18)) {
      if (policy == XmitHashPolicy.LAYER34 || policy == XmitHashPolicy.ENCAP34) {
        h >>>= 1;
      }
    } else if (formula.atLeast(HashFormula.LINUX_4_15)) {
      h >>>= 1;
    }
    return h;
  }

  /** {@code bond_eth_hash}: last octets of both MACs, and from 3.19 the ethertype. */
  private int l2(EthernetHeader eth) {
    int h = eth.destination().octet(5) ^ eth.source().octet(5);
    if (formula.atLeast(HashFormula.LINUX_5_15)) {
      h ^= eth.outerEtherType();
    } else if (formula.atLeast(HashFormula.LINUX_3_19)) {
      // The raw big-endian __be16 read as a little-endian number: 0x0800 becomes 0x0008.
      h ^= Integer.reverseBytes(eth.outerEtherType()) >>> 16;
    }
    return h;
  }

  /** {@code bond_vlan_srcmac_hash}: the tag (priority included) and the source MAC's halves. */
  private static int vlanSourceMac(EthernetHeader eth) {
    long mac = eth.source().bits();
    int vendor = (int) (mac >>> 24) & 0xFFFFFF;
    int device = (int) mac & 0xFFFFFF;
    int vlan = eth.hasVlan() && !eth.vlanInline() ? eth.vlanTci() : 0;
    return vlan ^ vendor ^ device;
  }

  /**
   * Fills src, dst, ports and the ICMP key as {@code bond_flow_dissect} (layer2+3, layer3+4) or the
   * flow dissector with {@code flow_keys_bonding} (encap) would.
   *
   * @return false where the kernel falls back to the layer-2 hash
   */
  private boolean dissect(Frame frame) {
    src = 0;
    dst = 0;
    ports = 0;
    icmpKey = 0;
    icmpId = 0;
    boolean encap = policy == XmitHashPolicy.ENCAP23 || policy == XmitHashPolicy.ENCAP34;
    IpHeader ip = frame.ip();
    if (frame.ethernet().vlanInline() && !encap) {
      // skb->protocol is 0x8100: bond_flow_ip knows only IPv4 and IPv6.
      return false;
    }
    if (ip == null) {
      // The full dissector accepts ARP and RARP (with no addresses) since ARP dissection came in.
      int type = frame.ethernet().etherType();
      return encap
          && formula.atLeast(HashFormula.LINUX_4_15)
          && (type == EtherType.ARP || type == ETH_P_RARP);
    }
    boolean l34 = policy == XmitHashPolicy.LAYER34;
    int proto = readAddressesAndProtocol(ip);
    if ((l34 || encap) && proto >= 0) {
      ports = portsOf(frame.transport(), proto);
    }
    if ((proto == IpProtocol.ICMP || proto == IpProtocol.ICMPV6)
        && formula.atLeast(HashFormula.LINUX_5_5)
        && frame.transport() instanceof IcmpHeader icmp) {
      icmpId = hasIdentifier(icmp.type()) ? (icmp.identifier() == 0 ? 1 : icmp.identifier()) : 0;
      icmpKey = icmp.type() | icmp.code() << 8 | icmpId << 16;
      if (!encap && formula == HashFormula.CURRENT && isError(proto, icmp.type())) {
        return dissectQuoted(ip, icmp, l34);
      }
    }
    return true;
  }

  /** For an ICMP error: the quoted packet's addresses and ports replace the outer ones. */
  private boolean dissectQuoted(IpHeader outer, IcmpHeader icmp, boolean l34) {
    IpHeader quoted = icmp.quotedIp();
    if (quoted == null || quoted.etherType() != outer.etherType()) {
      // Truncated (or not parseable as the outer family): bond_flow_ip cannot pull the header.
      return false;
    }
    int proto = readAddressesAndProtocol(quoted);
    if (proto < 0) {
      // A quoted fragment leaves ip_proto at the outer ICMP value, which has no ports.
      proto = outer instanceof Ipv4Header ? IpProtocol.ICMP : IpProtocol.ICMPV6;
    }
    if (l34) {
      ports = portsOf(icmp.quotedTransport(), proto);
    }
    return true;
  }

  /** Sets src and dst; returns the L4 protocol, or -1 for an IPv4 fragment. */
  private int readAddressesAndProtocol(IpHeader ip) {
    src = addressWord(ip.source());
    dst = addressWord(ip.destination());
    if (ip instanceof Ipv4Header v4) {
      return v4.isFragment() ? -1 : v4.protocol();
    }
    // IPv6: the fixed header's next header; extension headers (a fragment header) are not walked.
    return ip.protocol();
  }

  /** {@code flow_get_u32_src/dst}: an IPv4 address as loaded, or {@code ipv6_addr_hash}. */
  private static int addressWord(IpAddress address) {
    if (address instanceof Ipv4Address v4) {
      return Integer.reverseBytes(v4.bits());
    }
    Ipv6Address v6 = (Ipv6Address) address;
    int w0 = (int) (v6.high() >>> 32);
    int w1 = (int) v6.high();
    int w2 = (int) (v6.low() >>> 32);
    int w3 = (int) v6.low();
    return Integer.reverseBytes(w0 ^ w1 ^ w2 ^ w3);
  }

  /**
   * {@code __skb_flow_get_ports}: the 32 bits at {@code proto_ports_offset}, as loaded from memory;
   * 0 for a protocol without them or when the header is not in the packet.
   */
  private static int portsOf(TransportHeader transport, int proto) {
    if (PortsHeader.portsOffset(proto) < 0) {
      return 0;
    }
    int first;
    int second;
    if (transport instanceof TcpHeader tcp) {
      first = tcp.sourcePort();
      second = tcp.destinationPort();
    } else if (transport instanceof UdpHeader udp) {
      first = udp.sourcePort();
      second = udp.destinationPort();
    } else if (transport instanceof PortsHeader other) {
      first = other.sourcePort();
      second = other.destinationPort();
    } else {
      return 0;
    }
    return Integer.reverseBytes(first << 16 | second);
  }

  /** {@code icmp_has_id}: echo and timestamp messages of ICMP and echo of ICMPv6. */
  private static boolean hasIdentifier(int type) {
    return type == 0 || type == 8 || type == 13 || type == 14 || type == 128 || type == 129;
  }

  /** {@code icmp_is_err} and {@code icmpv6_is_err}. */
  private static boolean isError(int proto, int type) {
    if (proto == IpProtocol.ICMP) {
      return type == 3 || type == 4 || type == 5 || type == 11 || type == 12;
    }
    return type >= 1 && type <= 4;
  }

  /** The pre-3.13 functions, which already returned a slave number before {@code % count}. */
  private int legacy(Frame frame) {
    EthernetHeader eth = frame.ethernet();
    int macs = eth.destination().octet(5) ^ eth.source().octet(5);
    IpHeader ip = frame.ip();
    if (policy == XmitHashPolicy.LAYER2 || ip == null || eth.vlanInline()) {
      return macs;
    }
    boolean withIpv6 = formula.atLeast(HashFormula.LINUX_3_5);
    if (ip instanceof Ipv4Header v4) {
      int addresses = (v4.source().bits() ^ v4.destination().bits()) & 0xFFFF;
      if (policy == XmitHashPolicy.LAYER23) {
        return addresses ^ macs;
      }
      int layer4 = 0;
      boolean hasPorts =
          withIpv6
              ? PortsHeader.portsOffset(v4.protocol()) >= 0
              : v4.protocol() == IpProtocol.TCP || v4.protocol() == IpProtocol.UDP;
      if (!v4.isFragment() && hasPorts) {
        layer4 = portXor(frame.transport());
      }
      return layer4 ^ addresses;
    }
    if (!withIpv6) {
      return macs;
    }
    Ipv6Address s = (Ipv6Address) ip.source();
    Ipv6Address d = (Ipv6Address) ip.destination();
    // Words 1..3 of both addresses as loaded on a little-endian host; word 0 is left out.
    int words =
        Integer.reverseBytes(
            (int) s.high()
                ^ (int) d.high()
                ^ (int) (s.low() >>> 32)
                ^ (int) (d.low() >>> 32)
                ^ (int) s.low()
                ^ (int) d.low());
    if (policy == XmitHashPolicy.LAYER23) {
      int v6hash = words;
      v6hash ^= (v6hash >>> 24) ^ (v6hash >>> 16) ^ (v6hash >>> 8);
      return v6hash ^ macs;
    }
    int layer4 = PortsHeader.portsOffset(ip.protocol()) >= 0 ? portXor(frame.transport()) : 0;
    layer4 ^= words;
    layer4 ^= (layer4 >>> 24) ^ (layer4 >>> 16) ^ (layer4 >>> 8);
    return layer4;
  }

  /** {@code ntohs(l4[0] ^ l4[1])}: the two 16-bit fields XORed, as a number. */
  private static int portXor(TransportHeader transport) {
    if (transport instanceof TcpHeader tcp) {
      return tcp.sourcePort() ^ tcp.destinationPort();
    }
    if (transport instanceof UdpHeader udp) {
      return udp.sourcePort() ^ udp.destinationPort();
    }
    if (transport instanceof PortsHeader other) {
      return other.sourcePort() ^ other.destinationPort();
    }
    return 0;
  }
}
