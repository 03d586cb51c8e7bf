package org.bondsim.testkit;

import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Header;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;

/**
 * One flow of generated traffic: the headers all its packets carry and their payload size.
 *
 * @param frame the headers
 * @param payloadBytes bytes after the headers in each packet
 */
public record Flow(Frame frame, int payloadBytes) {
  /**
   * Describes the flow in a few words, for counterexamples.
   *
   * @return such as {@code tcp 10.0.0.1:40000>10.0.0.2:80}
   */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    if (frame.ip() instanceof Ipv4Header v4) {
      text.append(protocol(v4.protocol())).append(' ').append(v4.source());
      ports(text, true);
      text.append('>').append(v4.destination());
      ports(text, false);
      if (v4.moreFragments() || v4.fragmentOffset() > 0) {
        text.append(" frag@").append(v4.fragmentOffset() * 8);
      }
    } else if (frame.ip() instanceof Ipv6Header v6) {
      text.append(protocol(v6.nextHeader())).append("6 ").append(v6.source());
      ports(text, true);
      text.append('>').append(v6.destination());
      ports(text, false);
    } else {
      text.append(String.format("ethertype 0x%04x", frame.ethernet().etherType()));
    }
    if (frame.ethernet().hasVlan()) {
      text.append(" vlan ").append(frame.ethernet().vlanId());
    }
    return text.append(", ").append(payloadBytes).append(" B").toString();
  }

  private void ports(StringBuilder text, boolean source) {
    if (frame.transport() instanceof TcpHeader tcp) {
      text.append(':').append(source ? tcp.sourcePort() : tcp.destinationPort());
    } else if (frame.transport() instanceof UdpHeader udp) {
      text.append(':').append(source ? udp.sourcePort() : udp.destinationPort());
    }
  }

  private static String protocol(int number) {
    return switch (number) {
      case 6 -> "tcp";
      case 17 -> "udp";
      case 1 -> "icmp";
      case 58 -> "icmp";
      case 2 -> "igmp";
      default -> "proto" + number;
    };
  }
}
