package org.bondsim.core.host;

/**
 * One CPU of a host as a single server: work runs back to back, each piece starting when both it is
 * due and the CPU is free. What it accumulates gives netperf's utilisation and service demand.
 */
public final class HostCpu {
  private long freeAt;
  private long busyNs;
  private long busyBeforeWindow;

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

  /**
   * Marks the start of the measured interval: work done before it is not counted by {@link
   * #busyInWindow}. Work is served in order, so what the CPU had committed beyond {@code now}
   * belongs to the interval.
   *
   * @param now the start of the interval
   */
  public void startWindow(long now) {
    busyBeforeWindow = busyNs - Math.max(0, freeAt - now);
  }

  /**
   * Returns the CPU time spent inside the measured interval, up to {@code end}. Work still queued
   * past the end is not counted, so a saturated CPU is at most 100 % busy.
   *
   * @param end the end of the interval (the clock must stand there)
   * @return nanoseconds
   */
  public long busyInWindow(long end) {
    return busyNs - Math.max(0, freeAt - end) - busyBeforeWindow;
  }
}
