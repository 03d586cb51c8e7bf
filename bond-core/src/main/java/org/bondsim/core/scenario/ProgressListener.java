package org.bondsim.core.scenario;

/**
 * Told how far a run has got, in simulated time, between slices of the event loop; for a command's
 * progress line. The run's results do not depend on whether one listens: slicing only splits {@code
 * runUntil} at instants where no event is pending in between.
 */
@FunctionalInterface
public interface ProgressListener {
  /**
   * The run has simulated {@code doneNs} of its {@code totalNs} (the measured interval and the wait
   * before it).
   *
   * @param doneNs simulated time so far
   * @param totalNs simulated time of the whole run
   */
  void simulated(long doneNs, long totalNs);
}
