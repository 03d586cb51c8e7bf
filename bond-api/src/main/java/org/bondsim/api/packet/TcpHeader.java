package org.bondsim.api.packet;

/**
 * The flow part of a TCP header: its ports. Per-segment fields (sequence, ACK, flags, window,
 * options) are in {@link org.bondsim.api.tcp.TcpSegment}.
 *
 * @param sourcePort source port, 0..65535
 * @param destinationPort destination port, 0..65535
 */
public record TcpHeader(int sourcePort, int destinationPort) implements TransportHeader {
  /** Bytes of a TCP header without options. */
  public static final int HEADER_BYTES = 20;

  /**
   * Checks the ports.
   *
   * @param sourcePort source port
   * @param destinationPort destination port
   */
  public TcpHeader {
    Ports.check(sourcePort, destinationPort);
  }

  @Override
  public int headerBytes() {
    return HEADER_BYTES;
  }
}
