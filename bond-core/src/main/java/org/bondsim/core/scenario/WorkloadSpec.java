package org.bondsim.core.scenario;

import java.util.List;
import java.util.Map;

/**
 * Which netperf test a run performs and how.
 *
 * @param test the test name, such as {@code UDP_STREAM}
 * @param testOptions netperf's test-specific options (what follows {@code --})
 * @param streams concurrent instances, each on its own source port
 * @param settings sysctl-style and bondsim settings by name (net.ipv4.tcp_reordering, …)
 * @param waitNs how long netperf sleeps before the test (its global {@code -s}): simulated time
 *     that passes before the measured interval, in which monitors tick and learning packets flow
 */
public record WorkloadSpec(
    String test, List<String> testOptions, int streams, Map<String, String> settings, long waitNs) {
  /** The most concurrent streams: one local port each, from 49152 to 65535. */
  public static final int MAX_STREAMS = 16384;

  /** The longest wait before a test: one hour. */
  public static final long MAX_WAIT_NS = 3_600_000_000_000L;

  /**
   * Checks the fields and freezes the collections.
   *
   * @param test test
   * @param testOptions options
   * @param streams streams
   * @param settings settings
   * @param waitNs wait before the test
   */
  public WorkloadSpec {
    Checks.notNull("test", test);
    testOptions = Checks.copyOf("testOptions", testOptions);
    settings = Checks.copyOf("settings", settings);
    if (streams < 1 || streams > MAX_STREAMS) {
      throw new IllegalArgumentException(
          "streams must be 1.."
              + MAX_STREAMS
              + " (each stream has its own local port, 49152..65535), got "
              + streams);
    }
    if (waitNs < 0 || waitNs > MAX_WAIT_NS) {
      throw new IllegalArgumentException(
          "waitNs must be 0.." + MAX_WAIT_NS + " ns (1 hour), got " + waitNs);
    }
  }

  /**
   * A test that starts at once.
   *
   * @param test test
   * @param testOptions options
   * @param streams streams
   * @param settings settings
   */
  public WorkloadSpec(
      String test, List<String> testOptions, int streams, Map<String, String> settings) {
    this(test, testOptions, streams, settings, 0);
  }

  /**
   * Returns one UDP_STREAM with a message size and defaults otherwise.
   *
   * @param messageBytes {@code -m}
   * @return the spec
   */
  public static WorkloadSpec udpStream(int messageBytes) {
    return new WorkloadSpec(
        "UDP_STREAM", List.of("-m", Integer.toString(messageBytes)), 1, Map.of());
  }
}
