package org.bondsim.core.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which netperf test a run performs and how. Start from {@link Netperf}'s factories and refine with
 * the copying methods below, in netperf's words: {@code Netperf.tcpStream().message(16384)}.
 *
 * @param test the test name, such as {@code UDP_STREAM}
 * @param testOptions netperf's test-specific options (what follows {@code --})
 * @param streams concurrent instances, each on its own source port
 * @param settings sysctl-style and bondsim settings by name (net.ipv4.tcp_reordering, …)
 * @param waitNs how long netperf sleeps before the test (its global {@code -s}): simulated time
 *     that passes before the measured interval, in which monitors tick and learning packets flow
 * @param staggerNs how far apart the streams' netperf instances start (TCP_RR only): instance i
 *     times its own test window from {@code i × staggerNs} after the first, as separately launched
 *     netperf processes do, so a run lasts {@code (streams − 1) × staggerNs} longer
 */
public record WorkloadSpec(
    String test,
    List<String> testOptions,
    int streams,
    Map<String, String> settings,
    long waitNs,
    long staggerNs) {
  /** The most concurrent streams, each with its own ephemeral local port. */
  public static final int MAX_STREAMS = 16384;

  /** The longest wait before a test: one hour. */
  public static final long MAX_WAIT_NS = 3_600_000_000_000L;

  /** The largest gap between two instances' starts: 10 s. */
  public static final long MAX_STAGGER_NS = 10_000_000_000L;

  /**
   * Checks the fields and freezes the collections.
   *
   * @param test test
   * @param testOptions options
   * @param streams streams
   * @param settings settings
   * @param waitNs wait before the test
   * @param staggerNs gap between the instances' starts
   */
  public WorkloadSpec {
    Checks.notNull("test", test);
    testOptions = Checks.copyOf("testOptions", testOptions);
    settings = Checks.copyOf("settings", settings);
    if (streams < 1 || streams > MAX_STREAMS) {
      throw Checks.parameter(
          "streams",
          streams,
          "streams must be 1.."
              + MAX_STREAMS
              + " (each stream has its own local port), got "
              + streams);
    }
    if (waitNs < 0 || waitNs > MAX_WAIT_NS) {
      throw Checks.parameter(
          "waitNs", waitNs, "waitNs must be 0.." + MAX_WAIT_NS + " ns (1 hour), got " + waitNs);
    }
    if (staggerNs < 0 || staggerNs > MAX_STAGGER_NS) {
      throw new IllegalArgumentException(
          "staggerNs must be 0.." + MAX_STAGGER_NS + " ns (10 s), got " + staggerNs);
    }
    if (staggerNs > 0 && !test.equalsIgnoreCase("TCP_RR")) {
      throw new IllegalArgumentException(
          "staggerNs needs test TCP_RR (its instances time their own windows), got test " + test);
    }
  }

  /**
   * A test whose instances all start together.
   *
   * @param test test
   * @param testOptions options
   * @param streams streams
   * @param settings settings
   * @param waitNs wait before the test
   */
  public WorkloadSpec(
      String test,
      List<String> testOptions,
      int streams,
      Map<String, String> settings,
      long waitNs) {
    this(test, testOptions, streams, settings, waitNs, 0);
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
    return Netperf.udpStream().message(messageBytes);
  }

  /**
   * Returns this test with more test-specific options, as netperf reads them after {@code --}.
   *
   * @param words for example {@code "-m", "1472"}
   * @return the changed test
   */
  public WorkloadSpec option(String... words) {
    List<String> all = new ArrayList<>(testOptions);
    all.addAll(List.of(words));
    return new WorkloadSpec(test, all, streams, settings, waitNs, staggerNs);
  }

  /**
   * Returns this test with a send size ({@code -m}).
   *
   * @param bytes bytes per send()
   * @return the changed test
   */
  public WorkloadSpec message(int bytes) {
    return option("-m", Integer.toString(bytes));
  }

  /**
   * Returns this test with request and response sizes ({@code -r}).
   *
   * @param request request bytes
   * @param response response bytes
   * @return the changed test
   */
  public WorkloadSpec requestResponse(int request, int response) {
    return option("-r", request + "," + response);
  }

  /**
   * Returns this test with SO_SNDBUF and SO_RCVBUF set, as {@code -s} and {@code -S} do.
   *
   * @param local the local socket's buffer
   * @param remote the remote socket's buffer
   * @return the changed test
   */
  public WorkloadSpec socketBuffers(int local, int remote) {
    return option("-s", Integer.toString(local), "-S", Integer.toString(remote));
  }

  /**
   * Returns this test run as {@code count} parallel streams.
   *
   * @param count 1..16384
   * @return the changed test
   */
  public WorkloadSpec streams(int count) {
    return new WorkloadSpec(test, testOptions, count, settings, waitNs, staggerNs);
  }

  /**
   * Returns this test with a sysctl set for the run.
   *
   * @param name for example {@code net.ipv4.tcp_reordering}
   * @param value its value
   * @return the changed test
   */
  public WorkloadSpec sysctl(String name, String value) {
    Map<String, String> all = new LinkedHashMap<>(settings);
    all.put(name, value);
    return new WorkloadSpec(test, testOptions, streams, all, waitNs, staggerNs);
  }

  /**
   * Returns this test waiting before it starts, as netperf's {@code -s} does.
   *
   * @param wait the wait
   * @return the changed test
   */
  public WorkloadSpec waitFor(Duration wait) {
    return new WorkloadSpec(
        test,
        testOptions,
        streams,
        settings,
        Checks.nanos("wait", Checks.notNull("wait", wait)),
        staggerNs);
  }

  /**
   * Returns this test with its instances started {@code gap} apart, each timing its own window, as
   * netperf processes launched one after another do (TCP_RR only).
   *
   * @param gap the time between two instances' starts
   * @return the changed test
   */
  public WorkloadSpec stagger(Duration gap) {
    return new WorkloadSpec(
        test,
        testOptions,
        streams,
        settings,
        waitNs,
        Checks.nanos("stagger", Checks.notNull("stagger", gap)));
  }

  /**
   * The setting that carries netperf's {@code -T lcpu,rcpu}: {@code "1,1"}, {@code "1,"} (netperf
   * only) or {@code ",1"} (netserver only). The runner, not the test, reads it.
   */
  public static final String CPU_BINDING = "bondsim.cpu_binding";

  /**
   * Returns this test with netperf and netserver bound to CPUs, as netperf's {@code -T lcpu,rcpu}
   * binds them: each host's application then runs on that CPU, with the socket lock, backlog and
   * (2.6.37) prequeue between it and the softirq. Needs hosts that model CPU time.
   *
   * @param localCpu netperf's CPU, or -1 to leave it unbound
   * @param remoteCpu netserver's CPU, or -1 to leave it unbound
   * @return the changed test
   */
  public WorkloadSpec bindCpus(int localCpu, int remoteCpu) {
    if (localCpu < -1 || remoteCpu < -1 || (localCpu < 0 && remoteCpu < 0)) {
      throw new IllegalArgumentException(
          "bindCpus takes CPU numbers from 0 (-1 for unbound, not both), got "
              + localCpu
              + ","
              + remoteCpu);
    }
    Map<String, String> all = new LinkedHashMap<>(settings);
    all.put(
        CPU_BINDING,
        (localCpu >= 0 ? Integer.toString(localCpu) : "")
            + ","
            + (remoteCpu >= 0 ? Integer.toString(remoteCpu) : ""));
    return new WorkloadSpec(test, testOptions, streams, all, waitNs, staggerNs);
  }
}
