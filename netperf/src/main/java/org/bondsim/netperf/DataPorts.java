package org.bondsim.netperf;

import org.bondsim.api.workload.TestOptions;

/**
 * netperf's test-specific {@code -P lport,rport}: the data connection's port numbers, which {@code
 * nettest_omni.c} reads with {@code break_args} (one value without a comma sets both; a leading or
 * trailing comma sets one). A port not given is ephemeral, as without {@code -P}. They feed the
 * layer3+4 hash, so a pasted line hashes its flow where netperf's would go.
 *
 * @param local netperf's port, or -1 for an ephemeral one
 * @param remote netserver's port, or -1 for an ephemeral one
 */
record DataPorts(int local, int remote) {
  /** No -P: both ephemeral. */
  static final DataPorts EPHEMERAL = new DataPorts(-1, -1);

  /**
   * Reads {@code -P} from a test's options.
   *
   * @param options the test-specific options
   * @param test the test's name, for messages
   * @param streams the instances of the test: -P fixes one connection's ports
   * @return the ports
   */
  static DataPorts of(TestOptions options, String test, int streams) {
    int local = options.intValue("-P", 0, -1, 1, 65535);
    int remote = options.intValue("-P", 1, -1, 1, 65535);
    if ((local >= 0 || remote >= 0) && streams > 1) {
      throw new IllegalArgumentException(
          test
              + " -P fixes one data connection's ports; with --streams "
              + streams
              + " the connections would share them; allowed: -P with one stream");
    }
    return new DataPorts(local, remote);
  }
}
