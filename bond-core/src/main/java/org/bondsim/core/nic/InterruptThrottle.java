package org.bondsim.core.nic;

/**
 * Adaptive interrupt moderation as e1000e does it in its default mode, {@code
 * InterruptThrottleRate=3}, "dynamic conservative" (Linux 2.6.37 {@code
 * drivers/net/e1000e/netdev.c}: {@code e1000_update_itr}, {@code e1000_set_itr}; {@code param.c}:
 * {@code DEFAULT_ITR 3}, starting at 20,000 interrupts/s). After each NAPI poll that completes, the
 * driver classes the traffic since the interrupt, receive and transmit apart, as lowest latency
 * (70,000/s), low latency (20,000/s) or bulk (4,000/s) from the packets and bytes seen;
 * conservative mode never picks lowest latency. The busier class wins; a rise in rate is taken a
 * quarter of the new rate at a time ("bias the interrupt rate towards Bulk"), a fall at once. The
 * rate becomes the ITR register, in units of 256 ns: the least time between two interrupts.
 *
 * <p>Differences: e1000e fixes 4,000/s below gigabit speed, and igb's own algorithm ({@code
 * igb_update_ring_itr}) is not modelled; the selection is ethtool's {@code adaptive-rx on} (on
 * e1000e itself {@code rx-usecs 3}).
 */
final class InterruptThrottle implements InterruptModeration {
  static final int LOWEST_LATENCY = 0;
  static final int LOW_LATENCY = 1;
  static final int BULK_LATENCY = 2;
  private static final int START_RATE = 20_000;

  private int rxClass = LOW_LATENCY;
  private int txClass = LOW_LATENCY;
  private int rate = START_RATE;

  /** The least time between two interrupts, in nanoseconds (the ITR register × 256 ns). */
  @Override
  public long intervalNs() {
    return 1_000_000_000L / (rate * 256L) * 256L;
  }

  /** Interrupts per second now (what {@code adapter->itr} holds). */
  int rate() {
    return rate;
  }

  /**
   * {@code e1000_set_itr}: after a NAPI poll that completed, with the traffic since the interrupt.
   *
   * @param rxPackets frames received since the interrupt
   * @param rxBytes their bytes
   * @param txPackets frames sent since the interrupt
   * @param txBytes their bytes
   */
  @Override
  public void update(long rxPackets, long rxBytes, long txPackets, long txBytes) {
    txClass = conservative(next(txClass, txPackets, txBytes));
    rxClass = conservative(next(rxClass, rxPackets, rxBytes));
    int wanted =
        switch (Math.max(rxClass, txClass)) {
          case LOWEST_LATENCY -> 70_000;
          case LOW_LATENCY -> 20_000;
          default -> 4_000;
        };
    if (wanted != rate) {
      rate = wanted > rate ? Math.min(rate + (wanted >> 2), wanted) : wanted;
    }
  }

  private static int conservative(int latencyClass) {
    return latencyClass == LOWEST_LATENCY ? LOW_LATENCY : latencyClass;
  }

  /** {@code e1000_update_itr}, as written. */
  static int next(int current, long packets, long bytes) {
    if (packets == 0) {
      return current;
    }
    long perPacket = bytes / packets;
    switch (current) {
      case LOWEST_LATENCY:
        if (perPacket > 8000) {
          return BULK_LATENCY;
        }
        return packets < 5 && bytes > 512 ? LOW_LATENCY : current;
      case LOW_LATENCY:
        if (bytes > 10_000) {
          if (perPacket > 8000 || packets < 10 || perPacket > 1200) {
            return BULK_LATENCY;
          }
          return packets > 35 ? LOWEST_LATENCY : current;
        }
        if (perPacket > 2000) {
          return BULK_LATENCY;
        }
        return packets <= 2 && bytes < 512 ? LOWEST_LATENCY : current;
      default:
        if (bytes > 25_000) {
          return packets > 35 ? LOW_LATENCY : current;
        }
        return bytes < 6000 ? LOW_LATENCY : current;
    }
  }
}
