package org.bondsim.api.packet;

/**
 * A UDP header.
 *
 * @param sourcePort source port, 0..65535
 * @param destinationPort destination port, 0..65535
 */
public record UdpHeader(int sourcePort, int destinationPort) implements TransportHeader {
  /** Bytes of a UDP header. */
  public static final int HEADER_BYTES = 8;

  /**
   * Checks the ports.
   *
   * @param sourcePort source port
   * @param destinationPort destination port
   */
  public UdpHeader {
    Ports.check(sourcePort, destinationPort);
  }

  @Override
  public int headerBytes() {
    return HEADER_BYTES;
  }
}
