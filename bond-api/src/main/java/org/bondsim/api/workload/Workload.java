package org.bondsim.api.workload;

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
}
