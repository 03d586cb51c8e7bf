package org.bondsim.api.packet;

/**
 * The headers of a frame, from Ethernet to the transport layer. One instance usually serves every
 * packet of a flow.
 *
 * @param ethernet the Ethernet header
 * @param ip the IP header, or null for a non-IP frame (ARP, LLDP, …)
 * @param transport the transport header, or null when there is none or it is not in this packet (a
 *     non-first fragment)
 */
public record Frame(EthernetHeader ethernet, IpHeader ip, TransportHeader transport) {
  /**
   * Checks that the layers agree.
   *
   * @param ethernet Ethernet header
   * @param ip IP header or null
   * @param transport transport header or null
   */
  public Frame {
    if (ethernet == null) {
      throw new IllegalArgumentException("a frame needs an Ethernet header");
    }
    if (ip != null && ip.etherType() != ethernet.etherType()) {
      throw new IllegalArgumentException(
          String.format(
              "ethertype 0x%04x does not match an %s header",
              ethernet.etherType(), ip instanceof Ipv4Header ? "IPv4" : "IPv6"));
    }
    if (transport != null) {
      if (ip == null) {
        throw new IllegalArgumentException("a transport header needs an IP header");
      }
      int expected = expectedProtocol(transport, ip);
      int carried = ip instanceof Ipv6Header v6 ? v6.nextHeader() : ip.protocol();
      if (carried != expected) {
        throw new IllegalArgumentException(
            "ip protocol " + carried + " does not match a " + transport.getClass().getSimpleName());
      }
    }
  }

  private static int expectedProtocol(TransportHeader transport, IpHeader ip) {
    if (transport instanceof TcpHeader) {
      return IpProtocol.TCP;
    }
    if (transport instanceof UdpHeader) {
      return IpProtocol.UDP;
    }
    if (transport instanceof PortsHeader ports) {
      return ports.protocol();
    }
    return ip instanceof Ipv6Header ? IpProtocol.ICMPV6 : IpProtocol.ICMP;
  }

  /**
   * Returns the bytes of the Ethernet, IP and transport headers, without TCP options and FCS.
   *
   * @return bytes
   */
  public int headerBytes() {
    int bytes = ethernet.headerBytes();
    if (ip != null) {
      bytes += ip.headerBytes();
    }
    if (transport != null) {
      bytes += transport.headerBytes();
    }
    return bytes;
  }
}
