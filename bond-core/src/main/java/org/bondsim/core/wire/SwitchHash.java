package org.bondsim.core.wire;

import java.util.Locale;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpAddress;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv6Address;
import org.bondsim.api.packet.PortsHeader;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;

/**
 * How a switch spreads a port channel's traffic over its members, in the words of Cisco's {@code
 * port-channel load-balance} (other vendors name the same field sets alike). Vendors do not publish
 * their hardware hash; Cisco documents the principle, an XOR of the chosen fields' low bits, so
 * this model XORs the fields, folds the result to 32 bits and takes it modulo the number of members
 * in the bundle: the same field set gives the same spread of flows, not the same member a given
 * switch would pick. A frame without the chosen fields (no IP header, no ports) falls back to the
 * MAC addresses, as Cisco's IP-based methods do for non-IP frames.
 */
public enum SwitchHash {
  /** Source MAC. */
  SRC_MAC,
  /** Destination MAC. */
  DST_MAC,
  /** Source and destination MAC. */
  SRC_DST_MAC,
  /** Source IP. */
  SRC_IP,
  /** Destination IP. */
  DST_IP,
  /** Source and destination IP. */
  SRC_DST_IP,
  /** Source port (layer 4). */
  SRC_PORT,
  /** Destination port. */
  DST_PORT,
  /** Source and destination port. */
  SRC_DST_PORT;

  /**
   * Returns the keyword.
   *
   * @return such as {@code src-dst-ip}
   */
  public String word() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * Parses a keyword.
   *
   * @param word such as {@code src-dst-ip}
   * @return the method, or null if unknown
   */
  public static SwitchHash parse(String word) {
    for (SwitchHash hash : values()) {
      if (hash.word().equals(word)) {
        return hash;
      }
    }
    return null;
  }

  /**
   * Hashes a frame.
   *
   * @param packet the frame
   * @return a non-negative hash
   */
  public int hash(Packet packet) {
    long h;
    Frame frame = packet.frame();
    boolean ip = frame.ip() != null;
    int sport = -1;
    int dport = -1;
    if (frame.transport() instanceof TcpHeader tcp) {
      sport = tcp.sourcePort();
      dport = tcp.destinationPort();
    } else if (frame.transport() instanceof UdpHeader udp) {
      sport = udp.sourcePort();
      dport = udp.destinationPort();
    } else if (frame.transport() instanceof PortsHeader ports) {
      sport = ports.sourcePort();
      dport = ports.destinationPort();
    }
    switch (this) {
      case SRC_MAC -> h = packet.linkSource();
      case DST_MAC -> h = packet.linkDestination();
      case SRC_IP ->
          h = ip ? bits(frame.ip().source()) : packet.linkSource() ^ packet.linkDestination();
      case DST_IP ->
          h = ip ? bits(frame.ip().destination()) : packet.linkSource() ^ packet.linkDestination();
      case SRC_DST_IP ->
          h =
              ip
                  ? bits(frame.ip().source()) ^ bits(frame.ip().destination())
                  : packet.linkSource() ^ packet.linkDestination();
      case SRC_PORT -> h = sport >= 0 ? sport : packet.linkSource() ^ packet.linkDestination();
      case DST_PORT -> h = dport >= 0 ? dport : packet.linkSource() ^ packet.linkDestination();
      case SRC_DST_PORT ->
          h = sport >= 0 ? sport ^ dport : packet.linkSource() ^ packet.linkDestination();
      default -> h = packet.linkSource() ^ packet.linkDestination();
    }
    int folded = (int) (h ^ (h >>> 32));
    return (folded ^ (folded >>> 16)) & 0x7fff_ffff;
  }

  private static long bits(IpAddress address) {
    if (address instanceof Ipv4Address v4) {
      return v4.bits() & 0xffff_ffffL;
    }
    Ipv6Address v6 = (Ipv6Address) address;
    return v6.high() ^ v6.low();
  }
}
