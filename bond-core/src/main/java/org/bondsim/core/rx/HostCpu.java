package org.bondsim.core.rx;

/**
 * One CPU of a host as a single server: work runs back to back, each piece starting when both it is
 * due and the CPU is free. What it accumulates gives netperf's utilisation and service demand.
 */
public final class HostCpu {
  private long freeAt;
  private long busyNs;

  /**
   * Runs a piece of work.
   *
   * @param dueNs the earliest it can start
   * @param costNs how long it takes
   * @return when it finishes
   */
  public long run(long dueNs, long costNs) {
    long start = Math.max(dueNs, freeAt);
    freeAt = start + costNs;
    busyNs += costNs;
    return freeAt;
  }

  /**
   * Returns when the CPU is next free.
   *
   * @return nanoseconds
   */
  public long freeAt() {
    return freeAt;
  }

  /**
   * Returns the CPU time spent so far.
   *
   * @return nanoseconds
   */
  public long busyNs() {
    return busyNs;
  }
}
