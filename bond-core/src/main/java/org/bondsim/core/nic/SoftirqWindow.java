package org.bondsim.core.nic;

import org.bondsim.api.KernelVersion;

/**
 * How long one {@code net_rx_action} run may poll: until {@code jiffies} reaches the tick it
 * started in plus {@code ticks}, checked after each NAPI poll. The limit is in whole ticks, so a
 * run gets between {@code ticks - 1} and {@code ticks} ticks of time depending on where in its tick
 * it starts. Linux 2.6.37 allows 2 ticks ({@code time_limit = jiffies + 2} in {@code
 * net/core/dev.c}); since 4.12 it is {@code usecs_to_jiffies(netdev_budget_usecs)}, rounded up to
 * whole ticks (2 at HZ 1000 with the default 2000 µs, 1 at HZ 250).
 *
 * @param tickNs one jiffy, ns ({@code 1e9 / HZ})
 * @param ticks the run's limit, in ticks after the one it starts in
 */
public record SoftirqWindow(long tickNs, int ticks) {
  /**
   * Checks the tick and the limit.
   *
   * @param tickNs tickNs
   * @param ticks ticks
   */
  public SoftirqWindow {
    if (tickNs < 1 || ticks < 1) {
      throw new IllegalArgumentException(
          "softirq window must be positive, got tick " + tickNs + " ns and " + ticks + " ticks");
    }
  }

  /**
   * The window a kernel gives {@code net_rx_action}.
   *
   * @param kernel which kernel's rule
   * @param hz {@code CONFIG_HZ}
   * @param budgetUsecs {@code net.core.netdev_budget_usecs} (ignored by 2.6.37 and 3.16, which have
   *     none)
   * @return the window
   */
  public static SoftirqWindow of(KernelVersion kernel, int hz, int budgetUsecs) {
    long tickNs = 1_000_000_000L / hz;
    if (kernel == KernelVersion.LINUX_2_6_37 || kernel == KernelVersion.LINUX_3_16) {
      // net_rx_action's time_limit = jiffies + 2 (3.16's net/core/dev.c; the usecs sysctl is
      // 4.12's).
      return new SoftirqWindow(tickNs, 2);
    }
    // usecs_to_jiffies rounds up; a budget under one tick still gives one.
    long tickUs = 1_000_000L / hz;
    return new SoftirqWindow(tickNs, (int) Math.max(1, (budgetUsecs + tickUs - 1) / tickUs));
  }

  /**
   * When a run that started at {@code startNs} must stop polling: the start of the tick {@code
   * time_limit} names, from which {@code time_after_eq(jiffies, time_limit)} is true.
   *
   * @param startNs when the run started
   * @return the first instant at which the run may not poll again
   */
  public long deadlineNs(long startNs) {
    return (startNs / tickNs + ticks) * tickNs;
  }

  /**
   * Whether a run that started at {@code startNs} may poll again at {@code nowNs}.
   *
   * @param startNs when the run started
   * @param nowNs the time now, after the last poll
   * @return true while the limit's tick has not come
   */
  public boolean open(long startNs, long nowNs) {
    return nowNs < deadlineNs(startNs);
  }
}
