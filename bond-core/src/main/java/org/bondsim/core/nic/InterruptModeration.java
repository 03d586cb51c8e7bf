package org.bondsim.core.nic;

/**
 * A driver's adaptive interrupt moderation ({@code ethtool -C … adaptive-rx on}): after each NAPI
 * poll that completes it looks at the traffic since the interrupt and sets the least time between
 * two interrupts.
 */
interface InterruptModeration {
  /** The least time between two interrupts now, in nanoseconds. */
  long intervalNs();

  /**
   * After a NAPI poll that completed, with the traffic since the interrupt.
   *
   * @param rxPackets frames received
   * @param rxBytes their bytes (CRC stripped)
   * @param txPackets frames sent
   * @param txBytes their bytes
   */
  void update(long rxPackets, long rxBytes, long txPackets, long txBytes);

  /**
   * Returns the moderation a driver runs.
   *
   * @param driver {@code e1000e} or {@code igb}
   * @return a fresh moderation at the driver's starting rate
   */
  static InterruptModeration of(String driver) {
    return driver.equals("igb") ? new IgbRingItr() : new InterruptThrottle();
  }
}
