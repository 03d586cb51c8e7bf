package org.bondsim.api.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.SackBlock;
import org.bondsim.api.tcp.TcpSegment;
import org.junit.jupiter.api.Test;

class PacketLengthTest {
  private static final EthernetHeader ETH =
      new EthernetHeader(
          MacAddress.parse("02:00:00:00:00:01"),
          MacAddress.parse("02:00:00:00:00:02"),
          EthernetHeader.NO_VLAN,
          EtherType.IPV4);
  private static final Ipv4Header IP =
      Ipv4Header.of(Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2"), IpProtocol.UDP);

  @Test
  void udpDatagramOf1472BytesFillsA1500ByteMtuAndA1518ByteFrame() {
    Packet packet =
        new Packet(new Frame(ETH, IP, new UdpHeader(40000, 5001)), 1472, null, 0, 0, 0, null, 0);
    assertThat(packet.l3Bytes()).isEqualTo(1500);
    // 14 Ethernet + 1500 IP + 4 FCS; on the wire 20 more for preamble, SFD and IFG = 1538.
    assertThat(packet.frameBytes()).isEqualTo(1518);
  }

  @Test
  void vlanTagAddsFourBytesAndShortFramesArePadded() {
    EthernetHeader tagged =
        new EthernetHeader(ETH.source(), ETH.destination(), 0x2064, EtherType.IPV4);
    assertThat(tagged.vlanId()).isEqualTo(100);
    Packet tiny = new Packet(new Frame(tagged, IP, new UdpHeader(1, 2)), 1, null, 0, 0, 0, null, 0);
    assertThat(tiny.frameBytes()).isEqualTo(64);
    Packet big =
        new Packet(new Frame(tagged, IP, new UdpHeader(1, 2)), 1472, null, 0, 0, 0, null, 0);
    assertThat(big.frameBytes()).isEqualTo(1522);
  }

  @Test
  void tcpOptionsCountInTheIpLength() {
    Ipv4Header tcpIp = Ipv4Header.of(IP.source(), IP.destination(), IpProtocol.TCP);
    TcpSegment segment =
        new TcpSegment(1, 1, TcpSegment.ACK, 65535, 12, List.of(new SackBlock(10, 20)), 5, 4);
    Packet packet =
        new Packet(
            new Frame(ETH, tcpIp, new TcpHeader(40000, 80)), 1448, segment, 0, 0, 0, null, 0);
    assertThat(packet.l3Bytes()).isEqualTo(1500);
    assertThat(segment.has(TcpSegment.ACK)).isTrue();
    assertThat(segment.has(TcpSegment.SYN)).isFalse();
  }

  @Test
  void fragmentFieldsAndLayersMustAgree() {
    Ipv4Header later = IP.fragment(7, false, 185);
    assertThat(later.isFragment()).isTrue();
    assertThat(IP.isFragment()).isFalse();
    assertThatThrownBy(() -> new Frame(ETH, IP, new TcpHeader(1, 2)))
        .hasMessageContaining("does not match");
    EthernetHeader arp = new EthernetHeader(ETH.source(), ETH.destination(), -1, EtherType.ARP);
    assertThatThrownBy(() -> new Frame(arp, IP, null)).hasMessageContaining("ethertype 0x0806");
  }

  @Test
  void flowKeyTakesTheFiveTuple() {
    FlowKey key = FlowKey.of(new Frame(ETH, IP, new UdpHeader(40000, 5001)));
    assertThat(key)
        .isEqualTo(new FlowKey(IP.source(), IP.destination(), IpProtocol.UDP, 40000, 5001));
  }
}
