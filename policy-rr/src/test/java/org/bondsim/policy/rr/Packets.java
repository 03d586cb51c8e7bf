package org.bondsim.policy.rr;

import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;

final class Packets {
  static final EthernetHeader ETH =
      new EthernetHeader(
          MacAddress.parse("02:00:00:00:00:01"),
          MacAddress.parse("02:00:00:00:00:02"),
          EthernetHeader.NO_VLAN,
          EtherType.IPV4);
  static final Packet UDP =
      new Packet(
          new Frame(
              ETH,
              Ipv4Header.of(
                  Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2"), IpProtocol.UDP),
              new UdpHeader(40000, 5001)),
          100,
          null,
          0,
          0,
          0,
          null,
          0);
  static final Packet IGMP =
      new Packet(
          new Frame(
              ETH,
              Ipv4Header.of(
                  Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("224.0.0.22"), IpProtocol.IGMP),
              null),
          8,
          null,
          0,
          0,
          0,
          null,
          0);

  private Packets() {}
}
