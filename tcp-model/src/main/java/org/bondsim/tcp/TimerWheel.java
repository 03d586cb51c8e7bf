package org.bondsim.tcp;

/**
 * How the kernel's timer wheel turns a jiffies timer's expiry into the tick it runs on ({@code
 * kernel/time/timer.c}); the setting {@code bondsim.timer_wheel}.
 *
 * <p>Until 4.7 the cascading wheel ran a timer on the tick its expiry names. The non-cascading
 * wheel of 4.8 on ("timers: Switch to a non-cascading wheel") files a timer in one of its levels by
 * how far off it is ({@code calc_wheel_index}: under 63 ticks the first, then each level 8 times as
 * coarse), and {@code calc_index} rounds its expiry up to one granule past the level's granularity,
 * so that a timer armed at the end of a tick never runs early: a wait under 63 ticks runs one tick
 * after its expiry, one of 63 to 503 ticks up to 8 ticks after it, one of 504 to 4031 up to 64. At
 * HZ 100 a 2-tick loss probe runs after 20 to 30 ms where the cascading wheel ran it after 10 to
 * 20; at HZ 1000 a 200 ms RTO runs after 201 to 208 ms.
 *
 * <p>Each kernel profile names its wheel ({@link KernelProfile#timerWheel}); the setting can run
 * either under any profile, to see what the wheel alone changes.
 *
 * <p>Difference: the wheel's clock ({@code base->clk}) is taken as the tick the timer is armed in;
 * Linux's is a tick on while a timer's own callback runs, which moves a wait at a level's edge to
 * the next level.
 */
enum TimerWheel {
  /** Linux before 4.8: a timer runs on the tick its expiry names. */
  CASCADING("cascading"),
  /** Linux 4.8 on: a granule past the expiry, rounded up to the level's granularity. */
  NON_CASCADING("non-cascading");

  /** {@code LVL_CLK_SHIFT}: each level is 8 times as coarse as the one before. */
  private static final int LEVEL_SHIFT = 3;

  /** {@code LVL_SIZE - 1}: the first level holds waits under 63 ticks. */
  private static final long FIRST_LEVEL_END = 63;

  /** The last level of a wheel of 8 ({@code LVL_DEPTH} at HZ 100). */
  private static final int DEEPEST_LEVEL = 7;

  private final String word;

  TimerWheel(String word) {
    this.word = word;
  }

  /**
   * The setting's word for this wheel.
   *
   * @return {@code cascading} or {@code non-cascading}
   */
  public String word() {
    return word;
  }

  /**
   * The wheel a word names.
   *
   * @param word {@code cascading} or {@code non-cascading}
   * @return the wheel
   * @throws IllegalArgumentException naming the setting and the words it takes, for any other word
   */
  public static TimerWheel of(String word) {
    for (TimerWheel wheel : values()) {
      if (wheel.word.equals(word)) {
        return wheel;
      }
    }
    throw new IllegalArgumentException(
        "bondsim.timer_wheel must be kernel (the kernel profile's wheel), cascading or"
            + " non-cascading, got '"
            + word
            + "'");
  }

  /**
   * The tick a timer runs on ({@code mod_timer(timer, expires)} armed in tick {@code clk}).
   * Difference: a wait of 16.5 million ticks or more (the eighth level and beyond, which HZ above
   * 100 adds a ninth to) is not capped at the wheel's reach as Linux caps it; TCP never arms one,
   * its longest wait being {@code TCP_RTO_MAX}, 120 s.
   *
   * @param clk the tick the timer is armed in
   * @param expires the tick its expiry names, not before {@code clk}
   * @return the tick it runs on
   */
  long runTick(long clk, long expires) {
    if (this == CASCADING) {
      return expires;
    }
    long delta = expires - clk;
    int level = 0;
    while (level < DEEPEST_LEVEL && delta >= levelStart(level + 1)) {
      level++;
    }
    int shift = LEVEL_SHIFT * level;
    return ((expires >> shift) + 1) << shift;
  }

  /** {@code LVL_START(n)}: the shortest wait that level {@code n} (from 1) holds. */
  private static long levelStart(int n) {
    return FIRST_LEVEL_END << (LEVEL_SHIFT * (n - 1));
  }
}
