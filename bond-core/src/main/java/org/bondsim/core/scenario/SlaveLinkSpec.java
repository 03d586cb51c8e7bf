package org.bondsim.core.scenario;

/**
 * One slave's link in a scenario.
 *
 * @param speedMbps speed in Mbit/s
 * @param delayNs one-way propagation delay in ns
 */
public record SlaveLinkSpec(long speedMbps, long delayNs) {
  /**
   * Checks the fields.
   *
   * @param speedMbps speed
   * @param delayNs delay
   */
  public SlaveLinkSpec {
    if (speedMbps <= 0 || speedMbps > 1_000_000) {
      throw new IllegalArgumentException("slave speed must be 1..1000000 Mbit/s, got " + speedMbps);
    }
    if (delayNs < 0) {
      throw new IllegalArgumentException("slave delay must be >= 0, got " + delayNs);
    }
  }
}
