package org.bondsim.api.workload;

import java.util.Optional;

/** One test between the two hosts of a run. */
public interface Workload {
  /** Starts the test at time 0; everything it does afterwards runs from timers and arrivals. */
  void start();

  /**
   * Summarises the test after the run stopped at its length.
   *
   * @return the result
   */
  WorkloadResult finish();

  /**
   * Returns the test's state now, for a time series; called between slices of the run, never from
   * an event. A test without one returns empty (the series then has its network columns only).
   *
   * @return the sample, or empty
   */
  default Optional<WorkloadSample> sample() {
    return Optional.empty();
  }
}
