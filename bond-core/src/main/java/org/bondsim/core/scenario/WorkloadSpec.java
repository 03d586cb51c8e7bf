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
 */
public record WorkloadSpec(
    String test, List<String> testOptions, int streams, Map<String, String> settings) {
  /**
   * Checks the fields and freezes the collections.
   *
   * @param test test
   * @param testOptions options
   * @param streams streams
   * @param settings settings
   */
  public WorkloadSpec {
    testOptions = List.copyOf(testOptions);
    settings = Map.copyOf(settings);
    if (streams < 1 || streams > 65536) {
      throw new IllegalArgumentException("--streams must be 1..65536, got " + streams);
    }
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
