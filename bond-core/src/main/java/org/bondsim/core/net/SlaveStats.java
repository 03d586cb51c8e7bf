package org.bondsim.core.net;

import org.bondsim.api.DropReason;
import org.bondsim.api.SlaveCounters;

/** The mutable counters behind {@link SlaveCounters}. */
public final class SlaveStats implements SlaveCounters {
  private long txPackets;
  private long txBytes;
  private long rxPackets;
  private long rxBytes;
  private final long[] drops = new long[DropReason.values().length];

  void countTx(int bytes) {
    txPackets++;
    txBytes += bytes;
  }

  /**
   * Counts a received frame.
   *
   * @param bytes frame bytes
   */
  public void countRx(int bytes) {
    rxPackets++;
    rxBytes += bytes;
  }

  /**
   * Counts a dropped frame.
   *
   * @param reason why
   */
  public void countDrop(DropReason reason) {
    drops[reason.ordinal()]++;
  }

  @Override
  public long txPackets() {
    return txPackets;
  }

  @Override
  public long txBytes() {
    return txBytes;
  }

  @Override
  public long rxPackets() {
    return rxPackets;
  }

  @Override
  public long rxBytes() {
    return rxBytes;
  }

  @Override
  public long drops(DropReason reason) {
    return drops[reason.ordinal()];
  }
}
