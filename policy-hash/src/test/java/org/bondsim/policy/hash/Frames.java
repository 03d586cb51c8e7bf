package org.bondsim.policy.hash;

import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IcmpHeader;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Address;
import org.bondsim.api.packet.Ipv6Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;

/** Frames used by the hash tests: MACs 00:11:22:33:44:55 → 66:77:88:99:aa:bb. */
final class Frames {
  static final MacAddress SRC_MAC = MacAddress.parse("00:11:22:33:44:55");
  static final MacAddress DST_MAC = MacAddress.parse("66:77:88:99:aa:bb");
  static final Ipv4Address A = Ipv4Address.parse("10.0.0.1");
  static final Ipv4Address B = Ipv4Address.parse("10.0.0.2");

  private Frames() {}

  static EthernetHeader eth(int etherType) {
    return new EthernetHeader(SRC_MAC, DST_MAC, EthernetHeader.NO_VLAN, etherType);
  }

  static Frame tcp4(Ipv4Address src, Ipv4Address dst, int sport, int dport) {
    return new Frame(
        eth(EtherType.IPV4), Ipv4Header.of(src, dst, IpProtocol.TCP), new TcpHeader(sport, dport));
  }

  static Frame udp4(Ipv4Address src, Ipv4Address dst, int sport, int dport) {
    return new Frame(
        eth(EtherType.IPV4), Ipv4Header.of(src, dst, IpProtocol.UDP), new UdpHeader(sport, dport));
  }

  static Frame udp6(String src, String dst, int sport, int dport) {
    return new Frame(
        eth(EtherType.IPV6),
        Ipv6Header.of(Ipv6Address.parse(src), Ipv6Address.parse(dst), IpProtocol.UDP),
        new UdpHeader(sport, dport));
  }

  static Frame icmpEcho(int id) {
    return new Frame(
        eth(EtherType.IPV4), Ipv4Header.of(A, B, IpProtocol.ICMP), new IcmpHeader(8, 0, id));
  }

  static Frame arp() {
    return new Frame(eth(EtherType.ARP), null, null);
  }
}
