package org.bondsim.api.workload;

import org.bondsim.api.RandomSource;

/** What a run offers a workload: the two hosts, the clock, timers and randomness. */
public interface WorkloadContext {
  /**
   * Returns the host netperf runs on.
   *
   * @return the sending host
   */
  Host local();

  /**
   * Returns the host stream {@code stream} runs from. With several client hosts the streams take
   * them in turn; with one it is {@link #local()}.
   *
   * @param stream the stream's index, from 0
   * @return its sending host
   */
  default Host local(int stream) {
    return local();
  }

  /**
   * Returns the host netserver runs on.
   *
   * @return the receiving host
   */
  Host remote();

  /**
   * Returns the simulated time.
   *
   * @return nanoseconds since the start of the run
   */
  long now();

  /**
   * Returns the test length: the test runs from {@link #startNs()} for this long.
   *
   * @return nanoseconds
   */
  long durationNs();

  /**
   * Returns when the test starts. Before it the hosts may already have exchanged frames (ARP, the
   * time netperf's {@code -s} sleeps); what the test measures starts here.
   *
   * @return nanoseconds since the start of the run
   */
  default long startNs() {
    return 0;
  }

  /**
   * Returns when the test ends: when the last instance's window ends.
   *
   * @return {@link #startNs()} plus {@link #durationNs()}, plus the stagger of the last instance
   */
  default long endNs() {
    return streamStartNs(streams() - 1) + durationNs();
  }

  /**
   * Returns how far apart the instances start, each timing its own {@link #durationNs()} window (0:
   * all together). A test that cannot time windows of its own is never given one above 0.
   *
   * @return nanoseconds
   */
  default long staggerNs() {
    return 0;
  }

  /**
   * Returns when instance {@code stream} starts its test window.
   *
   * @param stream the instance, from 0
   * @return {@link #startNs()} plus {@code stream} times {@link #staggerNs()}
   */
  default long streamStartNs(int stream) {
    return startNs() + stream * staggerNs();
  }

  /**
   * Returns the MTU of both bonds.
   *
   * @return bytes
   */
  int mtu();

  /**
   * Returns how many concurrent instances of the test to run, each on its own source port.
   *
   * @return at least 1
   */
  int streams();

  /**
   * Creates a timer that runs an action when it fires.
   *
   * @param action what to run
   * @return a disarmed timer
   */
  Timer newTimer(Runnable action);

  /**
   * Returns the workload's seeded random source.
   *
   * @return the source
   */
  RandomSource random();

  /**
   * Returns the value of a bondsim or sysctl-style setting given on the command line, such as
   * {@code net.ipv4.tcp_reordering}.
   *
   * @param name the setting
   * @param defaultValue what to use when it is not given
   * @return the value as text
   */
  String setting(String name, String defaultValue);

  /**
   * Returns whether what runs now runs in {@code ksoftirqd} ({@code this_cpu_ksoftirqd() ==
   * current}), where a few kernel paths take the machine to be under stress ({@code tcp_wfree}). In
   * bondsim that is the backlog a stalled machine works off when it runs again (a user-mode Linux
   * guest's, {@code bondsim crosscheck}); false by default and on hosts that never stall.
   *
   * @return true inside ksoftirqd
   */
  default boolean inKsoftirqd() {
    return false;
  }
}
