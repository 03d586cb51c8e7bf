package org.bondsim.api.packet;

/**
 * The 5-tuple of an IP flow. Ports are 0 where the protocol has none or the packet is a fragment;
 * for ICMP the source port holds the echo identifier.
 *
 * @param source source address
 * @param destination destination address
 * @param protocol IP protocol
 * @param sourcePort source port or 0
 * @param destinationPort destination port or 0
 */
public record FlowKey(
    IpAddress source, IpAddress destination, int protocol, int sourcePort, int destinationPort) {
  /**
   * Derives the flow key of an IP frame.
   *
   * @param frame an IP frame
   * @return its 5-tuple
   * @throws IllegalArgumentException if the frame carries no IP header
   */
  public static FlowKey of(Frame frame) {
    IpHeader ip = frame.ip();
    if (ip == null) {
      throw new IllegalArgumentException("a flow key needs an IP frame");
    }
    int sport = 0;
    int dport = 0;
    if (frame.transport() instanceof TcpHeader tcp) {
      sport = tcp.sourcePort();
      dport = tcp.destinationPort();
    } else if (frame.transport() instanceof UdpHeader udp) {
      sport = udp.sourcePort();
      dport = udp.destinationPort();
    } else if (frame.transport() instanceof PortsHeader ports) {
      sport = ports.sourcePort();
      dport = ports.destinationPort();
    } else if (frame.transport() instanceof IcmpHeader icmp) {
      sport = icmp.identifier();
    }
    return new FlowKey(ip.source(), ip.destination(), ip.protocol(), sport, dport);
  }
}
