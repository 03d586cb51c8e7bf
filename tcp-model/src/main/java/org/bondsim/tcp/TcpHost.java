package org.bondsim.tcp;

import org.bondsim.api.stack.Packet;
import org.bondsim.api.stack.Timer;

/**
 * What a TCP connection needs from the host it runs on, and nothing else: the clock, timers, the
 * MTU, the run's sysctls, a way to send, and where to charge the scoreboard's work. netperf's tests
 * and packetdrill each provide one; a connection never sees the workload around it.
 */
public interface TcpHost extends TcpSysctls {
  /**
   * Returns the simulated time.
   *
   * @return nanoseconds since the run began
   */
  long now();

  /**
   * Creates a timer that runs {@code action} on the simulation's thread when it fires.
   *
   * @param action what to run
   * @return the timer, disarmed
   */
  Timer newTimer(Runnable action);

  /**
   * Returns the MTU of the path, which sets the MSS a SYN offers.
   *
   * @return bytes
   */
  int mtu();

  /**
   * Hands a segment to the host's IP layer, to the bond and the wire.
   *
   * @param packet the segment
   */
  void send(Packet packet);

  /**
   * Charges the host's CPU for walking the SACK scoreboard ({@code tcp_sacktag_walk}), where the
   * host has a CPU model.
   *
   * @param segments the segments walked
   */
  default void scoreboardWork(int segments) {}

  /**
   * Returns the host's per-destination TCP metrics, which its connections load when established and
   * save into when they close; null for a host that keeps none (every connection starts as on a
   * flushed cache and saves nothing), the default.
   *
   * @return the cache, or null
   */
  default TcpMetricsCache tcpMetrics() {
    return null;
  }

  /**
   * Returns whether what runs now runs in {@code ksoftirqd}, as {@link
   * org.bondsim.api.workload.WorkloadContext#inKsoftirqd} says; false by default.
   *
   * @return true inside ksoftirqd
   */
  default boolean inKsoftirqd() {
    return false;
  }
}
