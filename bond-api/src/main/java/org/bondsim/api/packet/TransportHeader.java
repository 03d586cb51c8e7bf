package org.bondsim.api.packet;

/** The transport-layer header of a frame, where the frame carries one. */
public sealed interface TransportHeader permits TcpHeader, UdpHeader, IcmpHeader, PortsHeader {
  /**
   * Returns the header length without TCP options.
   *
   * @return bytes
   */
  int headerBytes();
}
