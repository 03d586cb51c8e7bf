package org.bondsim.api;

/**
 * One direction-independent description of the physical link behind a slave: a full-duplex
 * point-to-point Ethernet link to the peer host.
 */
public interface Link {
  /**
   * Returns the line rate.
   *
   * @return bits per second, as {@code ethtool} speed × 10^6
   */
  long rateBitsPerSecond();

  /**
   * Returns the one-way propagation delay.
   *
   * @return nanoseconds
   */
  long propagationDelayNs();

  /**
   * Returns the largest IP packet the link carries.
   *
   * @return MTU in bytes, as {@code ip link set mtu}
   */
  int mtu();

  /**
   * Returns the bytes each frame occupies on the wire beyond the frame itself: preamble, start
   * delimiter and inter-frame gap (8 + 12 = 20 for Ethernet). The frame check sequence is part of
   * the frame.
   *
   * @return bytes per frame
   */
  int wireOverheadBytes();

  /**
   * Returns the speed as the bond sees it ({@code ethtool} speed).
   *
   * @return megabits per second
   */
  default long speedMbps() {
    return rateBitsPerSecond() / 1_000_000L;
  }
}
