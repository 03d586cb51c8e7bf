package org.bondsim.core.scenario;

import java.time.Duration;

/**
 * Named starting points for a slave's link, to read like a lab's cabling: {@code
 * Link.gigabit().delay(Duration.ofMicros(20))}. Each returns a {@link SlaveLinkSpec} with no delay
 * and no impairment.
 */
public final class Link {
  private Link() {}

  /**
   * Returns a 1000 Mbit/s link.
   *
   * @return the link
   */
  public static SlaveLinkSpec gigabit() {
    return mbps(1000);
  }

  /**
   * Returns a 10 000 Mbit/s link.
   *
   * @return the link
   */
  public static SlaveLinkSpec tenGigabit() {
    return mbps(10_000);
  }

  /**
   * Returns a link of any speed.
   *
   * @param speedMbps 1..1 000 000 Mbit/s
   * @return the link
   */
  public static SlaveLinkSpec mbps(long speedMbps) {
    return new SlaveLinkSpec(speedMbps, 0);
  }

  /** A duration in nanoseconds, refused with the parameter's name when it does not fit a long. */
  static long nanos(String parameter, Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException(parameter + " must not be negative, got " + duration);
    }
    try {
      return duration.toNanos();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(parameter + " is too long: " + duration, e);
    }
  }
}
