package org.bondsim.api;

/** Per-slave counters, named as {@code ip -s link} names them. All counts only grow. */
public interface SlaveCounters {
  /**
   * Returns frames this slave finished putting on the wire.
   *
   * @return frames
   */
  long txPackets();

  /**
   * Returns bytes of the frames counted by {@link #txPackets()} (Ethernet header to FCS).
   *
   * @return bytes
   */
  long txBytes();

  /**
   * Returns frames this slave received from its link and passed to the bond.
   *
   * @return frames
   */
  long rxPackets();

  /**
   * Returns bytes of the frames counted by {@link #rxPackets()}.
   *
   * @return bytes
   */
  long rxBytes();

  /**
   * Returns the frames dropped on this slave for one reason.
   *
   * @param reason why they were dropped
   * @return frames
   */
  long drops(DropReason reason);

  /**
   * Returns all frames dropped on this slave, for every reason.
   *
   * @return frames
   */
  default long drops() {
    long sum = 0;
    for (DropReason reason : DropReason.values()) {
      sum += drops(reason);
    }
    return sum;
  }
}
