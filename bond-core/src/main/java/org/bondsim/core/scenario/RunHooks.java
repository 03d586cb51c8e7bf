package org.bondsim.core.scenario;

import org.bondsim.core.capture.Captures;

/**
 * What watches a run without taking part in it: progress, captures, a time series. Each is optional
 * (null); none changes the report.
 *
 * @param progress told how far the run got, or null
 * @param captures the interfaces' pcap files, or null
 * @param series sampled every interval of the measured time, or null
 */
public record RunHooks(ProgressListener progress, Captures captures, TimeSeries series) {
  /** Nothing watches. */
  public static final RunHooks NONE = new RunHooks(null, null, null);
}
