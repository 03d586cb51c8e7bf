package org.bondsim.api.stack;

import org.bondsim.api.packet.ControlMessage;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpHeader;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.packet.TransportHeader;
import org.bondsim.api.tcp.TcpSegment;

/**
 * One packet in flight: its headers, the bytes it carries, and what the sender knows of it. The
 * receiving side learns nothing that was not on the wire except {@link #flowId()} and {@link
 * #flowSequence()}, which exist for measurement (RFC 4737 numbers test packets in sending order).
 *
 * <p>Packets are immutable once built, except for the link-layer addresses they carry on the wire
 * ({@link #linkSource()}, {@link #linkDestination()}): they start as the frame's Ethernet
 * addresses, the sending host writes the destination its neighbour table gives, and a bond that
 * keeps slave MACs of its own writes the source as Linux's {@code bond_do_alb_xmit} rewrites {@code
 * h_source}. A switch forwards and a NIC filters by them. A broadcast bond sends the same instance
 * on several slaves.
 */
public final class Packet implements OutgoingFrame {
  private final Frame frame;
  private final int payloadBytes;
  private final TcpSegment tcp;
  private final int flowId;
  private final long flowSequence;
  private final long sentAtNs;
  private final PacketOwner owner;
  private final int truesize;
  private final int gsoSize;
  private final ControlMessage control;
  private long linkSource;
  private long linkDestination;

  /**
   * Builds a packet.
   *
   * @param frame the headers
   * @param payloadBytes bytes after the transport header (after the IP header for a non-first
   *     fragment; after the Ethernet header for a non-IP frame)
   * @param tcp the TCP fields, or null for a non-TCP packet
   * @param flowId the sender's number for this packet's flow
   * @param flowSequence this packet's number in its flow, in sending order from 0
   * @param sentAtNs when the sender handed it to the bond
   * @param owner the socket to tell when the packet leaves the host, or null
   * @param truesize the bytes charged to the owner's send buffer
   */
  public Packet(
      Frame frame,
      int payloadBytes,
      TcpSegment tcp,
      int flowId,
      long flowSequence,
      long sentAtNs,
      PacketOwner owner,
      int truesize) {
    this(frame, payloadBytes, tcp, flowId, flowSequence, sentAtNs, owner, truesize, 0);
  }

  /**
   * Builds a packet that may be a GSO/TSO super-packet: a TCP payload larger than one segment,
   * which the sending NIC (TSO) or the stack just before it (GSO) cuts into {@code gsoSize}-byte
   * segments. The bond chooses one slave for the whole packet, as Linux's bond does per skb.
   *
   * @param frame the headers
   * @param payloadBytes bytes after the transport header
   * @param tcp the TCP fields of the first segment
   * @param flowId the sender's number for this packet's flow
   * @param flowSequence the number of its first segment; segment i has this + i
   * @param sentAtNs when the sender handed it to the bond
   * @param owner the socket to tell when its last segment leaves the host, or null
   * @param truesize the bytes charged to the owner's send buffer
   * @param gsoSize segment payload size, or 0 when the packet is one segment
   */
  public Packet(
      Frame frame,
      int payloadBytes,
      TcpSegment tcp,
      int flowId,
      long flowSequence,
      long sentAtNs,
      PacketOwner owner,
      int truesize,
      int gsoSize) {
    if (frame == null) {
      throw new IllegalArgumentException("a packet needs a frame");
    }
    if (payloadBytes < 0) {
      throw new IllegalArgumentException("payload bytes must be >= 0, got " + payloadBytes);
    }
    this.frame = frame;
    this.payloadBytes = payloadBytes;
    this.tcp = tcp;
    this.flowId = flowId;
    this.flowSequence = flowSequence;
    this.sentAtNs = sentAtNs;
    this.owner = owner;
    this.truesize = truesize;
    if (gsoSize < 0) {
      throw new IllegalArgumentException("gso size must be >= 0, got " + gsoSize);
    }
    this.gsoSize = gsoSize;
    this.control = null;
    this.linkSource = frame.ethernet().source().bits();
    this.linkDestination = frame.ethernet().destination().bits();
  }

  /**
   * Builds a control-plane frame (a LACPDU, an ARP probe): no IP header, the body after the
   * Ethernet header, no owner and no flow.
   *
   * @param frame the Ethernet header (the frame's {@code ip} and {@code transport} are null)
   * @param control the body
   * @param flowSequence the sender's count of such frames, for captures
   * @param sentAtNs when it was sent
   */
  public Packet(Frame frame, ControlMessage control, long flowSequence, long sentAtNs) {
    if (frame == null || control == null) {
      throw new IllegalArgumentException("a control frame needs a frame and a body");
    }
    this.frame = frame;
    this.payloadBytes = control.bytes();
    this.tcp = null;
    this.flowId = -1;
    this.flowSequence = flowSequence;
    this.sentAtNs = sentAtNs;
    this.owner = null;
    this.truesize = 0;
    this.gsoSize = 0;
    this.control = control;
    this.linkSource = frame.ethernet().source().bits();
    this.linkDestination = frame.ethernet().destination().bits();
  }

  /**
   * Returns the body of a control-plane frame.
   *
   * @return the LACPDU or ARP message, or null for any other frame
   */
  public ControlMessage control() {
    return control;
  }

  /**
   * Returns the source MAC the packet carries on the wire, as the 48 bits of a {@link MacAddress}.
   *
   * @return the address bits
   */
  @Override
  public long linkSource() {
    return linkSource;
  }

  /**
   * Returns the destination MAC the packet carries on the wire, as the 48 bits of a {@link
   * MacAddress}.
   *
   * @return the address bits
   */
  @Override
  public long linkDestination() {
    return linkDestination;
  }

  /**
   * Returns whether the wire destination is a group address (broadcast or multicast: the low bit of
   * the first octet).
   *
   * @return true for broadcast and multicast
   */
  @Override
  public boolean linkDestinationIsGroup() {
    return MacAddress.isGroup(linkDestination);
  }

  /**
   * Writes the destination MAC, as the sending host's neighbour layer does before the bond sees the
   * packet.
   *
   * @param bits the address bits
   */
  public void setLinkDestination(long bits) {
    this.linkDestination = bits;
  }

  /**
   * Writes the source MAC, as a bond rewrites it for the slave it sends on.
   *
   * @param bits the address bits
   */
  public void setLinkSource(long bits) {
    this.linkSource = bits;
  }

  /**
   * Returns the segment size of a GSO/TSO super-packet.
   *
   * @return bytes per segment, or 0 when the packet is a single segment
   */
  public int gsoSize() {
    return gsoSize;
  }

  /**
   * Returns how many wire segments this packet becomes.
   *
   * @return 1, or the number of {@link #gsoSize()} pieces of the payload
   */
  @Override
  public int segments() {
    return gsoSize == 0 || payloadBytes <= gsoSize ? 1 : (payloadBytes + gsoSize - 1) / gsoSize;
  }

  /**
   * Returns the headers.
   *
   * @return the frame
   */
  @Override
  public Frame frame() {
    return frame;
  }

  /**
   * Returns the payload length.
   *
   * @return bytes after the last header
   */
  @Override
  public int payloadBytes() {
    return payloadBytes;
  }

  /**
   * Returns the TCP fields.
   *
   * @return the segment fields, or null for a non-TCP packet
   */
  public TcpSegment tcp() {
    return tcp;
  }

  /**
   * Returns the sender's flow number.
   *
   * @return the flow number
   */
  public int flowId() {
    return flowId;
  }

  /**
   * Returns this packet's number in its flow, in sending order.
   *
   * @return 0 for the flow's first packet
   */
  public long flowSequence() {
    return flowSequence;
  }

  /**
   * Returns when the sender handed the packet to the bond.
   *
   * @return nanoseconds of simulated time
   */
  public long sentAtNs() {
    return sentAtNs;
  }

  /**
   * Returns the socket charged for this packet.
   *
   * @return the owner, or null
   */
  public PacketOwner owner() {
    return owner;
  }

  /**
   * Returns the bytes charged to the owner's send buffer.
   *
   * @return bytes
   */
  public int truesize() {
    return truesize;
  }

  /**
   * Returns the length of the IP packet: IP header, transport header with options, payload. For a
   * non-IP frame, the bytes after the Ethernet header.
   *
   * @return bytes, compared against the MTU
   */
  @Override
  public int l3Bytes() {
    int bytes = payloadBytes;
    IpHeader ip = frame.ip();
    if (ip != null) {
      bytes += ip.headerBytes();
    }
    TransportHeader transport = frame.transport();
    if (transport != null) {
      bytes += transport.headerBytes();
    }
    if (tcp != null) {
      bytes += tcp.optionBytes();
    }
    return bytes;
  }

  /**
   * Returns the frame length from the destination MAC to the FCS, padded to the 64-byte minimum:
   * what the wire carries. {@code ip -s link} counts {@link #transmittedBytes()} and {@link
   * #receivedBytes()} instead.
   *
   * @return bytes
   */
  @Override
  public int frameBytes() {
    int bytes = frame.ethernet().headerBytes() + l3Bytes() + EthernetHeader.FCS_BYTES;
    return Math.max(bytes, EthernetHeader.MIN_FRAME_BYTES);
  }

  /**
   * Returns what a sending driver adds to {@code tx_bytes}: {@code skb->len}, the frame from the
   * destination MAC without the FCS, which the NIC appends, and before any padding.
   *
   * @return bytes
   */
  public int transmittedBytes() {
    return frame.ethernet().headerBytes() + l3Bytes();
  }

  /**
   * Returns what a receiving driver adds to {@code rx_bytes}: the frame with the FCS stripped (the
   * default {@code CRC strip}), so at least {@code ETH_ZLEN} (60) bytes, since a shorter frame
   * arrives padded.
   *
   * @return bytes
   */
  public int receivedBytes() {
    return Math.max(transmittedBytes(), EthernetHeader.MIN_FRAME_BYTES - EthernetHeader.FCS_BYTES);
  }

  @Override
  public String toString() {
    return "Packet[flow=" + flowId + " seq=" + flowSequence + " l3=" + l3Bytes() + "]";
  }
}
