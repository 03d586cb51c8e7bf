package org.bondsim.api.tcp.cc;

import org.bondsim.api.KernelVersion;

/**
 * What a module learns when a connection creates it: the kernel whose rules the run follows, the
 * timer tick, and the run's settings (sysctls and module parameters, such as {@code
 * tcp_cubic.hystart}).
 */
public interface CongestionContext {
  /**
   * Returns the kernel the run models.
   *
   * @return the version
   */
  KernelVersion kernel();

  /**
   * Returns the kernel's timer tick rate ({@code CONFIG_HZ}).
   *
   * @return ticks per second: 100, 250, 300 or 1000
   */
  int hz();

  /**
   * Returns one of the run's settings, as {@code WorkloadContext.setting} gives it.
   *
   * @param name such as {@code tcp_cubic.hystart_detect}
   * @param fallback what to return when the run does not set it
   * @return the value
   */
  String setting(String name, String fallback);
}
