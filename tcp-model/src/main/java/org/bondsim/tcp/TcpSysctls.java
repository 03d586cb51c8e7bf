package org.bondsim.tcp;

/** Where the TCP model reads its sysctls and module parameters ({@link TcpSettings#of}). */
@FunctionalInterface
public interface TcpSysctls {
  /**
   * Returns a setting's value.
   *
   * @param name such as {@code net.ipv4.tcp_reordering}
   * @param defaultValue what to return when the run does not set it
   * @return the value
   */
  String setting(String name, String defaultValue);
}
