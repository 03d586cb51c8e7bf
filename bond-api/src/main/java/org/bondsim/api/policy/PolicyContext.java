package org.bondsim.api.policy;

import org.bondsim.api.Bond;

/** What the simulation offers a transmit policy: its bond, the clock, timers and randomness. */
public interface PolicyContext {
  /**
   * Returns the bond this policy serves.
   *
   * @return the bond
   */
  Bond bond();

  /**
   * Returns the simulated time. Policies never read the wall clock.
   *
   * @return nanoseconds since the start of the run
   */
  long now();

  /**
   * Runs a task later in simulated time, for periodic work such as a rebalance. Tasks scheduled for
   * the same instant run in the order they were scheduled.
   *
   * @param delayNs nanoseconds from now, at least 0
   * @param task what to run
   */
  void schedule(long delayNs, Runnable task);

  /**
   * Returns this policy's own seeded random source.
   *
   * @return the source
   */
  RandomSource random();
}
