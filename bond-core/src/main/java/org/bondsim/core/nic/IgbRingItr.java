package org.bondsim.core.nic;

/**
 * igb's adaptive interrupt moderation for a receive queue with its own MSI-X vector, in its default
 * "dynamic conservative" mode ({@code InterruptThrottleRate=3}; Linux 3.16 {@code
 * igb_update_ring_itr}, called from {@code igb_ring_irq_enable} when a poll completes): the mean
 * frame size since the last update, received or sent, whichever is larger, plus 24 bytes of CRC,
 * preamble and gap, at most 3000, sets the ITR register to a third of it for mid-size frames (300
 * to 1200 bytes) and half of it otherwise, never below the 20,000 interrupts/s value ({@code
 * IGB_20K_ITR} 196) in conservative mode. The register counts 256 ns units, so 1538-byte frames
 * give 769 units, 197 µs between interrupts (about 5,100 per second), and it starts at {@code
 * IGB_START_ITR} 648 (about 6,000 per second).
 *
 * <p>Differences: igb fixes 4,000 interrupts/s below gigabit speed, and a NIC with a single vector
 * runs {@code igb_set_itr} (e1000e's classes) instead; neither is modelled. The traffic counted is
 * that since the interrupt, which equals igb's since-the-last-update when one poll serves each
 * interrupt.
 */
final class IgbRingItr implements InterruptModeration {
  static final int START_ITR = 648;
  static final int ITR_20K = 196;

  private int itr = START_ITR;

  @Override
  public long intervalNs() {
    return itr * 256L;
  }

  /** The ITR register value, in 256 ns units. */
  int register() {
    return itr;
  }

  @Override
  public void update(long rxPackets, long rxBytes, long txPackets, long txBytes) {
    long averageWireSize = rxPackets > 0 ? rxBytes / rxPackets : 0;
    if (txPackets > 0) {
      averageWireSize = Math.max(averageWireSize, txBytes / txPackets);
    }
    if (averageWireSize == 0) {
      return;
    }
    averageWireSize = Math.min(averageWireSize + 24, 3000);
    int next =
        (int)
            (averageWireSize > 300 && averageWireSize < 1200
                ? averageWireSize / 3
                : averageWireSize / 2);
    itr = Math.max(next, ITR_20K);
  }
}
