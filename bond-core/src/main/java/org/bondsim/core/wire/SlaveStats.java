package org.bondsim.core.wire;

import java.util.BitSet;
import org.bondsim.api.DropReason;
import org.bondsim.api.SlaveCounters;

/** The mutable counters behind {@link SlaveCounters}. */
public final class SlaveStats implements SlaveCounters {
  private long txPackets;
  private long txBytes;
  private long rxPackets;
  private long rxBytes;
  private final long[] drops = new long[DropReason.values().length];
  private final BitSet flows = new BitSet();

  void countTx(int bytes, int flowId) {
    txPackets++;
    txBytes += bytes;
    if (flowId >= 0) {
      flows.set(flowId);
    }
  }

  /**
   * Returns how many distinct flows (sender flow numbers) this slave has sent frames of.
   *
   * @return flows
   */
  public int flowsSent() {
    return flows.cardinality();
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

  /**
   * Counts frames dropped together (a GRO aggregate a bond withholds).
   *
   * @param reason why
   * @param frames how many
   */
  public void countDrop(DropReason reason, int frames) {
    drops[reason.ordinal()] += frames;
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
