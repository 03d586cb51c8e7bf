package org.bondsim.core.scenario;

/**
 * Named starting points for a slave's link, to read like a lab's cabling: {@code
 * Link.gigabit().delay(Duration.of(20, ChronoUnit.MICROS))}. Each returns a {@link SlaveLinkSpec}
 * with no delay and no impairment.
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
}
