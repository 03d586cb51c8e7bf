package org.bondsim.api.packet;

/**
 * What a transmit policy sees of a frame the bond is about to send: its headers, its sizes and the
 * link addresses it carries, read-only. The simulation's bookkeeping (the owning socket, truesize,
 * the send time, measurement numbers) is not part of it, and nothing here can change the frame: a
 * policy chooses a slave, the bond rewrites addresses where its mode says so.
 */
public interface OutgoingFrame {
  /**
   * Returns the headers (Ethernet, IP, transport) of the frame's flow.
   *
   * @return the headers
   */
  Frame frame();

  /**
   * Returns the transport payload's length.
   *
   * @return bytes
   */
  int payloadBytes();

  /**
   * Returns the IP packet's length (headers, options, payload), as compared with the MTU.
   *
   * @return bytes
   */
  int l3Bytes();

  /**
   * Returns the Ethernet frame's length from destination MAC to FCS, padded to 64 bytes.
   *
   * @return bytes
   */
  int frameBytes();

  /**
   * Returns how many wire segments the frame becomes (more than 1 for a TSO/GSO super-packet).
   *
   * @return segments
   */
  int segments();

  /**
   * Returns the source MAC it carries, as 48 bits.
   *
   * @return the address bits
   */
  long linkSource();

  /**
   * Returns the destination MAC it carries, as 48 bits.
   *
   * @return the address bits
   */
  long linkDestination();

  /**
   * Returns whether the destination is broadcast or multicast.
   *
   * @return true for a group address
   */
  boolean linkDestinationIsGroup();
}
