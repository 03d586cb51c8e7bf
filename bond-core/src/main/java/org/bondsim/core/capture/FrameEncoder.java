package org.bondsim.core.capture;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import org.bondsim.api.packet.ArpMessage;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpHeader;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Header;
import org.bondsim.api.packet.LacpPortInfo;
import org.bondsim.api.packet.Lacpdu;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.SackBlock;
import org.bondsim.api.tcp.SynOptions;
import org.bondsim.api.tcp.TcpSegment;

/**
 * A frame's headers as bytes on the wire, for captures: Ethernet (with its 802.1Q tag), IPv4 (with
 * its header checksum) or IPv6, and TCP with its options in Linux's layout ({@code
 * tcp_options_write}: MSS, SACK-permitted and timestamps, window scale on a SYN; NOP NOP TS and NOP
 * NOP SACK blocks after it) or UDP. Sequence numbers are the model's (a SYN at 0xffffffff, data
 * from 0), windows are shifted by the scale each side's SYN offered, as a receiver reads them. The
 * TCP checksum is left 0, as a capture of a checksum-offloading sender shows it. ARP requests and
 * replies (RFC 826) and LACPDUs (IEEE 802.1AX: actor, partner, collector and terminator TLVs) are
 * written whole; other frames (learning packets) keep their Ethernet header only, truncated. Not
 * thread-safe: one per capture file.
 */
final class FrameEncoder {
  /**
   * The longest header this encoder writes: Ethernet + 802.1Q + IPv6 + TCP with 40 options (118),
   * or Ethernet + 802.1Q + a LACPDU (128).
   */
  static final int MAX_HEADER_BYTES = 18 + Lacpdu.BYTES;

  // Each TCP endpoint's offered window scale, from its SYN: a window field is shifted only when
  // both SYNs offered one (RFC 7323). Shared by a run's captures, since a SYN and its answer may
  // cross different slaves.
  private final Map<Long, Integer> offeredScale;

  FrameEncoder(Map<Long, Integer> offeredScale) {
    this.offeredScale = offeredScale;
  }

  /**
   * Writes the headers of {@code packet} at the buffer's position.
   *
   * @param packet the frame
   * @param out a little-endian buffer; written big-endian as the wire is
   * @return the frame's length on the interface (headers and payload, no FCS)
   */
  int encode(Packet packet, ByteBuffer out) {
    ByteOrder order = out.order();
    out.order(ByteOrder.BIG_ENDIAN);
    try {
      return write(packet, out);
    } finally {
      out.order(order);
    }
  }

  private int write(Packet packet, ByteBuffer out) {
    Frame frame = packet.frame();
    EthernetHeader ethernet = frame.ethernet();
    putMac(out, packet.linkDestination());
    putMac(out, packet.linkSource());
    if (ethernet.hasVlan()) {
      out.putShort((short) EtherType.VLAN);
      out.putShort((short) ethernet.vlanTci());
    }
    out.putShort((short) ethernet.etherType());
    int ethernetBytes = ethernet.hasVlan() ? 18 : 14;
    IpHeader ip = frame.ip();
    if (ip == null) {
      if (packet.control() instanceof ArpMessage arp) {
        writeArp(out, arp);
        return Math.max(packet.transmittedBytes(), ethernetBytes + ArpMessage.BYTES);
      }
      if (packet.control() instanceof Lacpdu pdu) {
        writeLacpdu(out, pdu);
        return Math.max(packet.transmittedBytes(), ethernetBytes + Lacpdu.BYTES);
      }
      // Learning frames: header only, the rest is truncated.
      return Math.max(packet.transmittedBytes(), ethernetBytes);
    }
    int transportBytes = transportBytes(frame, packet.tcp());
    int payload = packet.payloadBytes();
    if (ip instanceof Ipv4Header v4) {
      int total = Math.min(65535, 20 + transportBytes + payload);
      int start = out.position();
      out.put((byte) 0x45).put((byte) 0).putShort((short) total);
      out.putShort((short) (v4.identification() & 0xFFFF));
      int fragment = (v4.moreFragments() ? 0x2000 : 0) | (v4.fragmentOffset() & 0x1FFF);
      out.putShort((short) (fragment == 0 && !v4.isFragment() ? 0x4000 : fragment));
      out.put((byte) 64).put((byte) v4.protocol()).putShort((short) 0);
      out.putInt(v4.source().bits()).putInt(v4.destination().bits());
      out.putShort(start + 10, (short) checksum(out, start, 20));
      if (v4.isFragment() && v4.fragmentOffset() > 0) {
        return ethernetBytes + total;
      }
    } else if (ip instanceof Ipv6Header v6) {
      out.putInt(0x6000_0000);
      out.putShort((short) Math.min(65535, transportBytes + payload));
      out.put((byte) v6.nextHeader()).put((byte) 64);
      out.put(v6.source().toBytes()).put(v6.destination().toBytes());
    }
    if (frame.transport() instanceof TcpHeader tcp && packet.tcp() != null) {
      writeTcp(out, ip, tcp, packet.tcp(), transportBytes);
    } else if (frame.transport() instanceof UdpHeader udp) {
      out.putShort((short) udp.sourcePort()).putShort((short) udp.destinationPort());
      out.putShort((short) Math.min(65535, 8 + payload)).putShort((short) 0);
    }
    return ethernetBytes + ip.headerBytes() + transportBytes + payload;
  }

  /** RFC 826 for IPv4 over Ethernet: hardware type 1, protocol 0x0800, lengths 6 and 4. */
  private static void writeArp(ByteBuffer out, ArpMessage arp) {
    out.putShort((short) 1).putShort((short) EtherType.IPV4).put((byte) 6).put((byte) 4);
    out.putShort((short) arp.operation());
    putMac(out, arp.senderMac());
    out.putInt(arp.senderIp().bits());
    putMac(out, arp.targetMac());
    out.putInt(arp.targetIp().bits());
  }

  /**
   * IEEE 802.1AX's LACPDU after the Ethernet header: subtype 1, version 1, the actor and partner
   * TLVs (20 bytes each), the collector TLV (16, max delay 0 as Linux sends), the terminator and 50
   * reserved bytes: 110 in all.
   */
  private static void writeLacpdu(ByteBuffer out, Lacpdu pdu) {
    int start = out.position();
    out.put((byte) 1).put((byte) 1);
    writeLacpInfo(out, 1, pdu.actor());
    writeLacpInfo(out, 2, pdu.partner());
    out.put((byte) 3).put((byte) 16).putShort((short) 0);
    for (int i = 0; i < 12; i++) {
      out.put((byte) 0);
    }
    while (out.position() - start < Lacpdu.BYTES) {
      out.put((byte) 0); // terminator TLV (type 0, length 0) and the reserved bytes
    }
  }

  private static void writeLacpInfo(ByteBuffer out, int type, LacpPortInfo info) {
    out.put((byte) type).put((byte) 20);
    out.putShort((short) info.systemPriority());
    putMac(out, info.system());
    out.putShort((short) info.key());
    out.putShort((short) info.portPriority()).putShort((short) info.portNumber());
    out.put((byte) info.state()).put((byte) 0).put((byte) 0).put((byte) 0);
  }

  private static int transportBytes(Frame frame, TcpSegment segment) {
    if (frame.transport() instanceof TcpHeader && segment != null) {
      int options = Math.max(segment.optionBytes(), layoutBytes(segment));
      return 20 + ((options + 3) & ~3);
    }
    return frame.transport() == null ? 0 : frame.transport().headerBytes();
  }

  /** The bytes {@link #writeOptions} writes. */
  private static int layoutBytes(TcpSegment segment) {
    SynOptions syn = segment.synOptions();
    if (segment.has(TcpSegment.SYN) && syn != null) {
      int bytes = 4;
      bytes += syn.timestamps() ? 12 : syn.sackPermitted() ? 4 : 0;
      return bytes + (syn.windowScale() >= 0 ? 4 : 0);
    }
    int bytes = segment.tsVal() != 0 || segment.tsEcr() != 0 ? 12 : 0;
    return bytes + (segment.sack().isEmpty() ? 0 : 4 + 8 * segment.sack().size());
  }

  private void writeTcp(
      ByteBuffer out, IpHeader ip, TcpHeader ports, TcpSegment segment, int headerBytes) {
    long self = endpoint(ip, ports.sourcePort(), true);
    long peer = endpoint(ip, ports.destinationPort(), false);
    SynOptions syn = segment.synOptions();
    if (segment.has(TcpSegment.SYN) && syn != null) {
      offeredScale.put(self, syn.windowScale());
    }
    long window = segment.window();
    if (!segment.has(TcpSegment.SYN)) {
      int mine = offeredScale.getOrDefault(self, -1);
      int theirs = offeredScale.getOrDefault(peer, -1);
      if (mine >= 0 && theirs >= 0) {
        window >>= mine;
      }
    }
    out.putShort((short) ports.sourcePort()).putShort((short) ports.destinationPort());
    // With ACK clear the field is not an acknowledgment: Linux sends rcv_nxt, 0 before a SYN.
    long ack = segment.has(TcpSegment.ACK) ? segment.acknowledgment() : 0;
    out.putInt((int) segment.sequence()).putInt((int) ack);
    out.putShort((short) (((headerBytes / 4) << 12) | (segment.flags() & 0xFF)));
    out.putShort((short) Math.min(65535, window));
    out.putShort((short) 0).putShort((short) 0);
    int start = out.position();
    writeOptions(out, segment);
    while (out.position() - start < headerBytes - 20) {
      out.put((byte) 1); // NOP, up to the length the model accounts for
    }
  }

  private static void writeOptions(ByteBuffer out, TcpSegment segment) {
    SynOptions syn = segment.synOptions();
    if (segment.has(TcpSegment.SYN) && syn != null) {
      out.put((byte) 2).put((byte) 4).putShort((short) syn.mss());
      if (syn.timestamps()) {
        if (syn.sackPermitted()) {
          out.put((byte) 4).put((byte) 2);
        } else {
          out.put((byte) 1).put((byte) 1);
        }
        putTimestamps(out, segment);
      } else if (syn.sackPermitted()) {
        out.put((byte) 1).put((byte) 1).put((byte) 4).put((byte) 2);
      }
      if (syn.windowScale() >= 0) {
        out.put((byte) 1).put((byte) 3).put((byte) 3).put((byte) syn.windowScale());
      }
      return;
    }
    if (segment.tsVal() != 0 || segment.tsEcr() != 0) {
      out.put((byte) 1).put((byte) 1);
      putTimestamps(out, segment);
    }
    List<SackBlock> sack = segment.sack();
    if (!sack.isEmpty()) {
      out.put((byte) 1).put((byte) 1).put((byte) 5).put((byte) (2 + 8 * sack.size()));
      for (SackBlock block : sack) {
        out.putInt((int) block.start()).putInt((int) block.end());
      }
    }
  }

  private static void putTimestamps(ByteBuffer out, TcpSegment segment) {
    out.put((byte) 8).put((byte) 10).putInt((int) segment.tsVal()).putInt((int) segment.tsEcr());
  }

  private static long endpoint(IpHeader ip, int port, boolean source) {
    long address =
        ip instanceof Ipv4Header v4
            ? (source ? v4.source().bits() : v4.destination().bits()) & 0xFFFF_FFFFL
            : (source ? ip.source().hashCode() : ip.destination().hashCode());
    return (address << 16) | port;
  }

  private static void putMac(ByteBuffer out, long bits) {
    for (int shift = 40; shift >= 0; shift -= 8) {
      out.put((byte) (bits >>> shift));
    }
  }

  /** The Internet checksum (RFC 1071) of {@code length} bytes from {@code start}. */
  private static int checksum(ByteBuffer buffer, int start, int length) {
    long sum = 0;
    for (int i = 0; i < length; i += 2) {
      sum += ((buffer.get(start + i) & 0xFF) << 8) | (buffer.get(start + i + 1) & 0xFF);
    }
    while ((sum >>> 16) != 0) {
      sum = (sum & 0xFFFF) + (sum >>> 16);
    }
    return (int) (~sum & 0xFFFF);
  }
}
