package org.bondsim.core.scenario;

import java.util.List;
import java.util.Map;

/**
 * netperf tests as a scenario's workload, named as netperf names them: {@code
 * Netperf.tcpStream().message(16384)} is {@code netperf -t TCP_STREAM -- -m 16384}. Each factory
 * returns a {@link WorkloadSpec} with no options, one stream and no sysctls, to refine with its
 * copying methods.
 */
public final class Netperf {
  private Netperf() {}

  /**
   * Returns {@code -t TCP_STREAM} (module tcp-model).
   *
   * @return the test
   */
  public static WorkloadSpec tcpStream() {
    return named("TCP_STREAM");
  }

  /**
   * Returns {@code -t TCP_RR} (module tcp-model).
   *
   * @return the test
   */
  public static WorkloadSpec tcpRr() {
    return named("TCP_RR");
  }

  /**
   * Returns {@code -t UDP_STREAM}.
   *
   * @return the test
   */
  public static WorkloadSpec udpStream() {
    return named("UDP_STREAM");
  }

  private static WorkloadSpec named(String test) {
    return new WorkloadSpec(test, List.of(), 1, Map.of());
  }
}
