package org.bondsim.policy.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.bondsim.policy.hash.Frames.A;
import static org.bondsim.policy.hash.Frames.B;

import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IcmpHeader;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Address;
import org.bondsim.api.packet.Ipv6Header;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;
import org.junit.jupiter.api.Test;

/**
 * Hand-worked vectors. Notation: le32(b0 b1 b2 b3) = b0 | b1<<8 | b2<<16 | b3<<24, how an x86 host
 * loads four wire bytes; fold(h) = h ^= h>>>16, then h ^= h>>>8. Addresses 10.0.0.1 and 10.0.0.2
 * load as S = 0x0100000a and D = 0x0200000a, so S ^ D = 0x03000000.
 */
class XmitHashVectorsTest {
  private static int hash(XmitHashPolicy policy, HashFormula formula, Frame frame) {
    return new XmitHash(policy, formula).hash(frame);
  }

  private static int current(XmitHashPolicy policy, Frame frame) {
    return hash(policy, HashFormula.CURRENT, frame);
  }

  @Test
  void layer34Ipv4Tcp() {
    // P = le32(9c 40 00 50) = 0x5000409c (40000 = 0x9c40, 80 = 0x0050).
    // P ^ S ^ D = 0x5300409c; fold: ^ 0x00005300 = 0x5300139c, ^ 0x00530013 = 0x5353138f; >>1.
    int h = current(XmitHashPolicy.LAYER34, Frames.tcp4(A, B, 40000, 80));
    assertThat(h).isEqualTo(0x29a989c7);
    // 0x29a989c7 = 698976711: odd, so slave 1 of 2; digit sum 54, so slave 0 of 3.
    assertThat(Integer.remainderUnsigned(h, 2)).isEqualTo(1);
    assertThat(Integer.remainderUnsigned(h, 3)).isZero();
  }

  @Test
  void layer2UsesLastMacOctetsAndHostOrderEthertype() {
    // dst[5] ^ src[5] ^ ethertype = 0xbb ^ 0x55 ^ 0x0800 = 0x08ee; no fold, no shift.
    assertThat(current(XmitHashPolicy.LAYER2, Frames.tcp4(A, B, 40000, 80))).isEqualTo(0x08ee);
    // IPv6: 0xee ^ 0x86dd = 0x8633.
    assertThat(current(XmitHashPolicy.LAYER2, Frames.udp6("2001:db8::1", "2001:db8::2", 1, 2)))
        .isEqualTo(0x8633);
  }

  @Test
  void layer23Ipv4() {
    // 0x08ee ^ S ^ D = 0x030008ee; fold: ^ 0x0300 = 0x03000bee, ^ 0x0003000b = 0x03030be5.
    // Since 5.18 layer2+3 is not shifted.
    assertThat(current(XmitHashPolicy.LAYER23, Frames.udp4(A, B, 1, 2))).isEqualTo(0x03030be5);
  }

  @Test
  void layer34Ipv6Udp() {
    // ipv6_addr_hash(2001:db8::1) = le32(20 01 0d b8) ^ le32(00 00 00 01) = 0xb80d0120 ^ 0x01000000
    // = 0xb90d0120; for ::2 it is 0xba0d0120; S ^ D = 0x03000000.
    // P = le32(14 e9 00 35) = 0x3500e914 (5353, 53). h = 0x3600e914;
    // fold: ^ 0x3600 = 0x3600df14, ^ 0x003600df = 0x3636dfcb; >>1 = 0x1b1b6fe5.
    assertThat(current(XmitHashPolicy.LAYER34, Frames.udp6("2001:db8::1", "2001:db8::2", 5353, 53)))
        .isEqualTo(0x1b1b6fe5);
  }

  @Test
  void ipv6TcpUnderLayer34AndLayer23() {
    Frame tcp6 =
        new Frame(
            Frames.eth(EtherType.IPV6),
            Ipv6Header.of(
                Ipv6Address.parse("2001:db8::1"), Ipv6Address.parse("2001:db8::2"), IpProtocol.TCP),
            new TcpHeader(40000, 443));
    // S ^ D = 0x03000000 (see layer34Ipv6Udp); P = le32(9c 40 01 bb) = 0xbb01409c;
    // h = 0xb801409c; fold: ^ 0xb801 = 0xb801f89d, ^ 0x00b801f8 = 0xb8b9f965; >>1 = 0x5c5cfcb2.
    assertThat(current(XmitHashPolicy.LAYER34, tcp6)).isEqualTo(0x5c5cfcb2);
    // layer2+3: 0xbb ^ 0x55 ^ 0x86dd = 0x8633; ^ 0x03000000 = 0x03008633;
    // fold: ^ 0x0300 = 0x03008533, ^ 0x00030085 = 0x030385b6; not shifted.
    assertThat(current(XmitHashPolicy.LAYER23, tcp6)).isEqualTo(0x030385b6);
  }

  @Test
  void encapPoliciesEqualTheirLayerPoliciesWithoutTunnels() {
    Frame tcp = Frames.tcp4(A, B, 40000, 80);
    assertThat(current(XmitHashPolicy.ENCAP34, tcp)).isEqualTo(0x29a989c7);
    assertThat(current(XmitHashPolicy.ENCAP23, tcp)).isEqualTo(0x03030be5);
  }

  @Test
  void anInlineVlanTagMakesTheFrameNonIpForLayer23And34() {
    Frame inline =
        new Frame(
            new EthernetHeader(Frames.SRC_MAC, Frames.DST_MAC, 100, EtherType.IPV4, true),
            Ipv4Header.of(A, B, IpProtocol.TCP),
            new TcpHeader(40000, 80));
    // skb->protocol and h_proto are 0x8100: 0xbb ^ 0x55 ^ 0x8100 = 0x81ee for layer2 and, by
    // fall-back, for layer2+3 and layer3+4.
    assertThat(current(XmitHashPolicy.LAYER2, inline)).isEqualTo(0x81ee);
    assertThat(current(XmitHashPolicy.LAYER34, inline)).isEqualTo(0x81ee);
    assertThat(current(XmitHashPolicy.LAYER23, inline)).isEqualTo(0x81ee);
    // The full dissector steps over the tag: encap3+4 hashes the inner packet as layer3+4 would.
    assertThat(current(XmitHashPolicy.ENCAP34, inline)).isEqualTo(0x29a989c7);
    // No accelerated tag: vlan+srcmac sees vlan 0.
    assertThat(current(XmitHashPolicy.VLAN_SRCMAC, inline)).isEqualTo(0x335577);
  }

  @Test
  void layer34IcmpEchoUsesTheIdentifier() {
    // struct flow_dissector_key_icmp {u8 type; u8 code; u16 id} loads as type | code<<8 | id<<16:
    // 8 | 0 | 0x1234<<16 = 0x12340008. ^ S ^ D = 0x11340008; fold: ^ 0x1134 = 0x1134113c,
    // ^ 0x00113411 = 0x1125252d; >>1 = 0x08929296.
    assertThat(current(XmitHashPolicy.LAYER34, Frames.icmpEcho(0x1234))).isEqualTo(0x08929296);
    // Identifier 0 is replaced by 1 (skb_flow_get_icmp_tci), so it is not the same as "no id".
    assertThat(current(XmitHashPolicy.LAYER34, Frames.icmpEcho(0)))
        .isEqualTo(current(XmitHashPolicy.LAYER34, Frames.icmpEcho(1)));
  }

  @Test
  void layer34IcmpWithoutIdentifierHashesAddressesOnly() {
    // Router advertisement (type 9) has no identifier and is not an error: id = 0, so the port
    // word (0 for ICMP) is used: fold(S ^ D) = 0x03030303, >>1 = 0x01818181.
    Frame frame =
        new Frame(
            Frames.eth(EtherType.IPV4),
            Ipv4Header.of(A, B, IpProtocol.ICMP),
            new IcmpHeader(9, 0, 0));
    assertThat(current(XmitHashPolicy.LAYER34, frame)).isEqualTo(0x01818181);
  }

  @Test
  void ipv4FragmentsHashOnAddressesOnly() {
    // ip_is_fragment: no L4 protocol, so no ports: fold(0x03000000) = 0x03030303, >>1.
    Ipv4Header later = Ipv4Header.of(A, B, IpProtocol.UDP).fragment(7, false, 185);
    Ipv4Header first = Ipv4Header.of(A, B, IpProtocol.UDP).fragment(7, true, 0);
    Frame laterFrame = new Frame(Frames.eth(EtherType.IPV4), later, null);
    Frame firstFrame = new Frame(Frames.eth(EtherType.IPV4), first, new UdpHeader(40000, 53));
    assertThat(current(XmitHashPolicy.LAYER34, laterFrame)).isEqualTo(0x01818181);
    assertThat(current(XmitHashPolicy.LAYER34, firstFrame)).isEqualTo(0x01818181);
  }

  @Test
  void ipv6FragmentHeaderHidesThePorts() {
    // The fixed header's next header is 44 (fragment): proto_ports_offset(44) < 0, no ports.
    // S ^ D = 0x03000000 as above: fold = 0x03030303, >>1 = 0x01818181.
    Frame frame =
        new Frame(
            Frames.eth(EtherType.IPV6),
            new Ipv6Header(
                Ipv6Address.parse("2001:db8::1"),
                Ipv6Address.parse("2001:db8::2"),
                IpProtocol.UDP,
                0,
                true),
            new UdpHeader(5353, 53));
    assertThat(current(XmitHashPolicy.LAYER34, frame)).isEqualTo(0x01818181);
  }

  @Test
  void nonIpFramesFallBackToTheLayer2Term() {
    // ARP: 0xbb ^ 0x55 ^ 0x0806 = 0x08e8 for layer2, layer2+3 and layer3+4 alike (no fold).
    for (XmitHashPolicy policy :
        new XmitHashPolicy[] {
          XmitHashPolicy.LAYER2, XmitHashPolicy.LAYER23, XmitHashPolicy.LAYER34
        }) {
      assertThat(current(policy, Frames.arp())).as(policy.word()).isEqualTo(0x08e8);
    }
    // The full dissector accepts ARP with no addresses: encap3+4 = fold(0) >> 1 = 0 and
    // encap2+3 = fold(0x08e8) = 0x08e8 ^ 0x08 = 0x08e0.
    assertThat(current(XmitHashPolicy.ENCAP34, Frames.arp())).isZero();
    assertThat(current(XmitHashPolicy.ENCAP23, Frames.arp())).isEqualTo(0x08e0);
  }

  @Test
  void vlanTagsRideOutsideTheHeader() {
    Frame tagged =
        new Frame(
            new EthernetHeader(Frames.SRC_MAC, Frames.DST_MAC, 100, EtherType.IPV4),
            Ipv4Header.of(A, B, IpProtocol.TCP),
            new TcpHeader(40000, 80));
    // layer2 sees the inner ethertype 0x0800: 0x08ee, as untagged.
    assertThat(current(XmitHashPolicy.LAYER2, tagged)).isEqualTo(0x08ee);
    // vlan+srcmac: vendor 0x001122 ^ device 0x334455 = 0x335577, ^ TCI 100 (0x64) = 0x335513.
    assertThat(current(XmitHashPolicy.VLAN_SRCMAC, tagged)).isEqualTo(0x335513);
    assertThat(current(XmitHashPolicy.VLAN_SRCMAC, Frames.tcp4(A, B, 1, 2))).isEqualTo(0x335577);
  }

  @Test
  void icmpErrorsHashLikeThePacketTheyQuote() {
    // 10.0.0.9 reports "port unreachable" for UDP 10.0.0.1:40000 -> 10.0.0.2:53.
    Ipv4Address router = Ipv4Address.parse("10.0.0.9");
    IcmpHeader unreachable =
        new IcmpHeader(3, 3, 0, Ipv4Header.of(A, B, IpProtocol.UDP), new UdpHeader(40000, 53));
    Frame error =
        new Frame(
            Frames.eth(EtherType.IPV4), Ipv4Header.of(router, A, IpProtocol.ICMP), unreachable);
    // Current: quoted S ^ D = 0x03000000, quoted ports le32(9c 40 00 35) = 0x3500409c;
    // h = 0x3600409c; fold: ^ 0x3600 = 0x3600769c, ^ 0x00360076 = 0x363676ea; >>1 = 0x1b1b3b75.
    assertThat(current(XmitHashPolicy.LAYER34, error)).isEqualTo(0x1b1b3b75);
    assertThat(current(XmitHashPolicy.LAYER34, error))
        .isEqualTo(current(XmitHashPolicy.LAYER34, Frames.udp4(A, B, 40000, 53)));
    // 5.18: the outer header: le32(10.0.0.9) ^ le32(10.0.0.1) = 0x08000000, no id, no ports:
    // fold = 0x08080808, >>1 = 0x04040404.
    assertThat(hash(XmitHashPolicy.LAYER34, HashFormula.LINUX_5_18, error)).isEqualTo(0x04040404);
    // A quoted packet that is not there makes the current dissector fail: layer-2 term 0x08ee.
    Frame truncated =
        new Frame(
            Frames.eth(EtherType.IPV4),
            Ipv4Header.of(router, A, IpProtocol.ICMP),
            new IcmpHeader(3, 3, 0));
    assertThat(current(XmitHashPolicy.LAYER34, truncated)).isEqualTo(0x08ee);
  }

  @Test
  void linux26Layer34AsIn2637() {
    // (sport ^ dport) ^ ((ntohl(saddr ^ daddr)) & 0xffff) = (0x9c40 ^ 0x0050) ^ 0x0003
    // = 0x9c10 ^ 0x0003 = 0x9c13 = 39955; 39955 % 3 = 1.
    int h = hash(XmitHashPolicy.LAYER34, HashFormula.LINUX_2_6, Frames.tcp4(A, B, 40000, 80));
    assertThat(h).isEqualTo(39955);
    assertThat(h % 3).isEqualTo(1);
    // layer2: dst[5] ^ src[5] only: 0xee. layer2+3: 0x0003 ^ 0xee = 0xed.
    assertThat(hash(XmitHashPolicy.LAYER2, HashFormula.LINUX_2_6, Frames.tcp4(A, B, 1, 2)))
        .isEqualTo(0xee);
    assertThat(hash(XmitHashPolicy.LAYER23, HashFormula.LINUX_2_6, Frames.tcp4(A, B, 1, 2)))
        .isEqualTo(0xed);
    // IPv6 was not known yet: layer3+4 falls back to the MAC term.
    assertThat(
            hash(
                XmitHashPolicy.LAYER34,
                HashFormula.LINUX_2_6,
                Frames.udp6("2001:db8::1", "2001:db8::2", 5353, 53)))
        .isEqualTo(0xee);
  }

  @Test
  void linux35Ipv6() {
    // layer3+4: l4 = 5353 ^ 53 = 0x14e9 ^ 0x0035 = 0x14dc; words 1..3 of src ^ dst = 0 ^ 0 ^ 3,
    // loaded little-endian = 0x03000000; l4 = 0x030014dc; l4 ^= (l4>>24) ^ (l4>>16) ^ (l4>>8)
    // = 0x03 ^ 0x0300 ^ 0x030014 = 0x030317, so l4 = 0x030317cb.
    assertThat(
            hash(
                XmitHashPolicy.LAYER34,
                HashFormula.LINUX_3_5,
                Frames.udp6("2001:db8::1", "2001:db8::2", 5353, 53)))
        .isEqualTo(0x030317cb);
    // layer2+3: v6hash = 0x03000000 ^ 0x03 ^ 0x0300 ^ 0x030000 = 0x03030303; ^ 0xee = 0x030303ed.
    assertThat(
            hash(
                XmitHashPolicy.LAYER23,
                HashFormula.LINUX_3_5,
                Frames.udp6("2001:db8::1", "2001:db8::2", 5353, 53)))
        .isEqualTo(0x030303ed);
  }

  @Test
  void intermediateKernels() {
    Frame tcp = Frames.tcp4(A, B, 40000, 80);
    // 3.13 – 4.14: folded, never shifted: 0x5353138f.
    assertThat(hash(XmitHashPolicy.LAYER34, HashFormula.LINUX_3_13, tcp)).isEqualTo(0x5353138f);
    assertThat(hash(XmitHashPolicy.LAYER34, HashFormula.LINUX_3_19, tcp)).isEqualTo(0x5353138f);
    // 3.13 layer2: no ethertype: 0xee. 3.19: raw big-endian ethertype loaded LE: 0xee ^ 0x0008.
    assertThat(hash(XmitHashPolicy.LAYER2, HashFormula.LINUX_3_13, tcp)).isEqualTo(0xee);
    assertThat(hash(XmitHashPolicy.LAYER2, HashFormula.LINUX_3_19, tcp)).isEqualTo(0xe6);
    // 4.15 – 5.17 shift layer2+3 too: fold(0xe6 ^ 0x03000000) >> 1 = 0x018181f2.
    assertThat(hash(XmitHashPolicy.LAYER23, HashFormula.LINUX_4_15, tcp)).isEqualTo(0x018181f2);
    // Before 5.5 ICMP has no key: the echo id is ignored (ports 0): 0x01818181.
    assertThat(hash(XmitHashPolicy.LAYER34, HashFormula.LINUX_4_15, Frames.icmpEcho(0x1234)))
        .isEqualTo(0x01818181);
  }

  @Test
  void policiesAKernelDidNotHaveAreRefused() {
    assertThatThrownBy(() -> new XmitHash(XmitHashPolicy.ENCAP34, HashFormula.LINUX_2_6))
        .hasMessageContaining("3.13");
    assertThatThrownBy(() -> new XmitHash(XmitHashPolicy.VLAN_SRCMAC, HashFormula.LINUX_4_15))
        .hasMessageContaining("5.12");
  }
}
