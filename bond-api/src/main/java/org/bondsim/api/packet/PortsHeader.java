package org.bondsim.api.packet;

/**
 * The transport header of a protocol other than TCP, UDP and ICMP, reduced to the 32 bits Linux
 * reads as "ports" ({@code proto_ports_offset}): the two ports of SCTP, DCCP and UDP-Lite, or the
 * two halves of the SPI of ESP and AH. A protocol without such bits is carried with both 0.
 *
 * @param protocol the IP protocol number
 * @param sourcePort the first 16 bits (source port, or the high half of an SPI)
 * @param destinationPort the next 16 bits (destination port, or the low half of an SPI)
 * @param headerBytes the header's length
 */
public record PortsHeader(int protocol, int sourcePort, int destinationPort, int headerBytes)
    implements TransportHeader {
  /**
   * Checks the fields.
   *
   * @param protocol protocol
   * @param sourcePort first 16 bits
   * @param destinationPort next 16 bits
   * @param headerBytes length
   */
  public PortsHeader {
    if (protocol < 0 || protocol > 255) {
      throw new IllegalArgumentException("ip protocol must be 0..255, got " + protocol);
    }
    if (protocol == IpProtocol.TCP
        || protocol == IpProtocol.UDP
        || protocol == IpProtocol.ICMP
        || protocol == IpProtocol.ICMPV6) {
      throw new IllegalArgumentException(
          "protocol " + protocol + " has its own header type (TcpHeader, UdpHeader, IcmpHeader)");
    }
    Ports.check(sourcePort, destinationPort);
    if (headerBytes < 0) {
      throw new IllegalArgumentException("header bytes must be >= 0, got " + headerBytes);
    }
  }

  /**
   * Returns where Linux finds the 32 "port" bits in this protocol's header ({@code
   * proto_ports_offset}): 0 for TCP-like protocols and ESP, 4 for AH, -1 when there are none.
   *
   * @param protocol an IP protocol number
   * @return the byte offset, or -1
   */
  public static int portsOffset(int protocol) {
    switch (protocol) {
      case IpProtocol.TCP:
      case IpProtocol.UDP:
      case 33: // DCCP
      case 50: // ESP
      case 132: // SCTP
      case 136: // UDP-Lite
        return 0;
      case 51: // AH
        return 4;
      default:
        return -1;
    }
  }
}
