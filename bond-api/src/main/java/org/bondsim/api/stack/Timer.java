package org.bondsim.api.stack;

/**
 * A re-armable timer on the simulation's clock, such as a retransmission or delayed-ACK timer.
 * Arming it again replaces the pending expiry; arming and cancelling allocate nothing. A transport
 * (the TCP model) and a workload ({@link org.bondsim.api.workload.Timer}) use the same.
 */
public interface Timer {
  /**
   * Arms the timer, replacing any pending expiry.
   *
   * @param atNs when it fires, not before now
   */
  void armAt(long atNs);

  /** Disarms the timer. */
  void cancel();

  /**
   * Returns whether the timer is armed.
   *
   * @return true if it will fire
   */
  boolean armed();

  /**
   * Returns when the timer fires.
   *
   * @return nanoseconds, or -1 if not armed
   */
  long expiresAt();
}
