package org.bondsim.core.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * netperf tests as a scenario's workload, named as netperf names them: {@code
 * Netperf.tcpStream().message(16384)} is {@code netperf -t TCP_STREAM -- -m 16384}. Each call
 * returns a new value; {@link Test#spec()} gives the {@link WorkloadSpec} a scenario holds.
 */
public final class Netperf {
  private Netperf() {}

  /**
   * Returns {@code -t TCP_STREAM} (module tcp-model).
   *
   * @return the test
   */
  public static Test tcpStream() {
    return new Test("TCP_STREAM", List.of(), 1, Map.of(), 0);
  }

  /**
   * Returns {@code -t TCP_RR} (module tcp-model).
   *
   * @return the test
   */
  public static Test tcpRr() {
    return new Test("TCP_RR", List.of(), 1, Map.of(), 0);
  }

  /**
   * Returns {@code -t UDP_STREAM}.
   *
   * @return the test
   */
  public static Test udpStream() {
    return new Test("UDP_STREAM", List.of(), 1, Map.of(), 0);
  }

  /**
   * One netperf test with its test-specific options (after {@code --}), the number of parallel
   * streams, the sysctls it runs under and the wait before it starts ({@code -s} of netperf's
   * global options).
   *
   * @param name netperf's test name
   * @param options test-specific options, netperf's words
   * @param streams parallel streams
   * @param sysctls settings such as {@code net.ipv4.tcp_reordering}
   * @param waitNs the wait before the test
   */
  public record Test(
      String name, List<String> options, int streams, Map<String, String> sysctls, long waitNs) {
    /**
     * Checks the fields and freezes the collections.
     *
     * @param name name
     * @param options options
     * @param streams streams
     * @param sysctls sysctls
     * @param waitNs wait
     */
    public Test {
      Checks.notNull("name", name);
      options = Checks.copyOf("options", options);
      sysctls = Checks.copyOf("sysctls", sysctls);
    }

    /**
     * Adds test-specific options as netperf reads them after {@code --}.
     *
     * @param words for example {@code "-m", "1472"}
     * @return the changed test
     */
    public Test option(String... words) {
      List<String> all = new ArrayList<>(options);
      all.addAll(List.of(words));
      return new Test(name, all, streams, sysctls, waitNs);
    }

    /**
     * Sets the send size ({@code -m}).
     *
     * @param bytes bytes per send()
     * @return the changed test
     */
    public Test message(int bytes) {
      return option("-m", Integer.toString(bytes));
    }

    /**
     * Sets the request and response sizes ({@code -r}) of a request/response test.
     *
     * @param request request bytes
     * @param response response bytes
     * @return the changed test
     */
    public Test requestResponse(int request, int response) {
      return option("-r", request + "," + response);
    }

    /**
     * Sets SO_SNDBUF and SO_RCVBUF as {@code -s} and {@code -S} do.
     *
     * @param local the local socket's buffer
     * @param remote the remote socket's buffer
     * @return the changed test
     */
    public Test socketBuffers(int local, int remote) {
      return option("-s", Integer.toString(local), "-S", Integer.toString(remote));
    }

    /**
     * Runs the test as {@code count} parallel streams.
     *
     * @param count 1..16384
     * @return the changed test
     */
    public Test streams(int count) {
      return new Test(name, options, count, sysctls, waitNs);
    }

    /**
     * Sets a sysctl for the run.
     *
     * @param sysctlName for example {@code net.ipv4.tcp_reordering}
     * @param value its value
     * @return the changed test
     */
    public Test sysctl(String sysctlName, String value) {
      Map<String, String> all = new LinkedHashMap<>(sysctls);
      all.put(sysctlName, value);
      return new Test(name, options, streams, all, waitNs);
    }

    /**
     * Waits before the test starts, as netperf's {@code -s} does.
     *
     * @param wait the wait
     * @return the changed test
     */
    public Test waitFor(Duration wait) {
      return new Test(name, options, streams, sysctls, Link.nanos("wait", wait));
    }

    /**
     * Returns the workload a scenario holds.
     *
     * @return the spec
     */
    public WorkloadSpec spec() {
      return new WorkloadSpec(name, options, streams, sysctls, waitNs);
    }
  }
}
