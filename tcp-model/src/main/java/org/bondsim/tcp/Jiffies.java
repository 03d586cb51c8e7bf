package org.bondsim.tcp;

/**
 * The kernel's timer tick ({@code CONFIG_HZ}): TCP's retransmission, loss-probe, RACK reorder,
 * delayed-ACK and zero-window-probe timers are jiffies timers ({@code sk_reset_timer}, {@code
 * mod_timer(timer, jiffies + when)}), so a wait is rounded up to whole ticks ({@code
 * usecs_to_jiffies}) and counted from the tick the current instant falls in. On the cascading wheel
 * a timer armed just after a tick therefore fires up to one tick sooner than the wait it asked for,
 * and never later than the rounded wait; the non-cascading wheel of 4.8 on runs it a granule later
 * ({@link TimerWheel}).
 *
 * <p>Linux builds with HZ 100, 250, 300 or 1000 ({@code kernel/Kconfig.hz}); distributions differ
 * (Debian's default is 250). The model's clock starts on a tick. Each kernel profile names its
 * wheel, and {@code bondsim.timer_wheel} can name another. The SACK-compression timer is a
 * high-resolution timer in Linux and stays exact.
 *
 * @param hz ticks per second
 * @param wheel how an expiry becomes the tick a timer runs on
 */
record Jiffies(int hz, TimerWheel wheel) {
  /** The values {@code kernel/Kconfig.hz} offers. */
  static final int[] ALLOWED = {100, 250, 300, 1000};

  private static final long NS_PER_SECOND = 1_000_000_000L;

  /**
   * The tick on the cascading wheel, for components tested on their own.
   *
   * @param hz ticks per second
   */
  Jiffies(int hz) {
    this(hz, TimerWheel.CASCADING);
  }

  Jiffies {
    if (wheel == null) {
      throw new IllegalArgumentException("wheel must not be null");
    }
    boolean allowed = false;
    for (int value : ALLOWED) {
      allowed |= value == hz;
    }
    if (!allowed) {
      throw new IllegalArgumentException("CONFIG_HZ must be 100, 250, 300 or 1000, got " + hz);
    }
  }

  /**
   * {@code usecs_to_jiffies}: how many ticks a wait takes, rounded up.
   *
   * @param ns the wait
   * @return ticks, at least 0
   */
  long ticks(long ns) {
    if (ns <= 0) {
      return 0;
    }
    return ceilDiv(Math.multiplyExact(ns, (long) hz), NS_PER_SECOND);
  }

  /**
   * {@code jiffies_to_usecs}: the length of a number of ticks.
   *
   * @param ticks the ticks
   * @return nanoseconds, rounded up
   */
  long nanos(long ticks) {
    return ceilDiv(Math.multiplyExact(ticks, NS_PER_SECOND), (long) hz);
  }

  /**
   * {@code jiffies_to_msecs}: the length of a number of ticks in milliseconds, rounded up where a
   * tick is not a whole number of them (HZ=300).
   *
   * @param ticks the ticks, at least 0
   * @return milliseconds
   */
  long millis(long ticks) {
    return ceilDiv(Math.multiplyExact(ticks, 1000L), (long) hz);
  }

  /**
   * A wait as the kernel stores it: rounded up to whole ticks.
   *
   * @param ns the wait
   * @return nanoseconds, a whole number of ticks
   */
  long roundUp(long ns) {
    return nanos(ticks(ns));
  }

  /**
   * {@code mod_timer(timer, jiffies + ticks)}: when a timer armed at {@code now} fires, on the tick
   * its wheel runs it on.
   *
   * @param now the instant the timer is armed
   * @param ticks its length in ticks
   * @return the instant of the tick it fires on
   */
  long fireAt(long now, long ticks) {
    long clk = tick(now);
    return nanos(wheel.runTick(clk, clk + ticks));
  }

  /**
   * {@code jiffies + ticks} for a timer armed at {@code now}: the expiry it is set for, which the
   * cascading wheel runs it on.
   *
   * @param now the instant the timer is armed
   * @param ticks its length in ticks
   * @return the instant of the tick its expiry names
   */
  long expiry(long now, long ticks) {
    return nanos(tick(now) + ticks);
  }

  /**
   * {@code jiffies} at an instant: the tick it falls in, counted from the clock's start.
   *
   * @param now the instant
   * @return the tick
   */
  long tick(long now) {
    return Math.multiplyExact(now, (long) hz) / NS_PER_SECOND;
  }

  /**
   * A timer armed at {@code now} for a wait in nanoseconds ({@code usecs_to_jiffies}, then {@code
   * mod_timer}).
   *
   * @param now the instant the timer is armed
   * @param ns the wait
   * @return the instant it fires
   */
  long fireAfter(long now, long ns) {
    return fireAt(now, ticks(ns));
  }

  /** Division rounding up, for non-negative operands (Java 17 has no {@code Math.ceilDiv}). */
  private static long ceilDiv(long dividend, long divisor) {
    return (dividend + divisor - 1) / divisor;
  }
}
