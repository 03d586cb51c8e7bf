package org.bondsim.api.tcp.cc;

/**
 * A congestion-control algorithm, found with {@link java.util.ServiceLoader} and chosen by name
 * with {@code net.ipv4.tcp_congestion_control=NAME} (netperf's tests) or packetdrill's {@code
 * setsockopt(..., TCP_CONGESTION, "NAME", ...)}. Implementations need a public no-argument
 * constructor and a line naming the class in {@code
 * META-INF/services/org.bondsim.api.tcp.cc.CongestionControlProvider}.
 */
public interface CongestionControlProvider {
  /**
   * Returns the name, as {@code tcp_congestion_ops.name}.
   *
   * @return lower-case letters, digits and {@code _ . -}, such as {@code cubic}
   */
  String name();

  /**
   * Returns one line on the algorithm and its source.
   *
   * @return a description
   */
  String description();

  /**
   * Creates the module of one connection ({@code init}).
   *
   * @param context the kernel, tick and settings of the run
   * @return a new module
   */
  CongestionControl create(CongestionContext context);
}
