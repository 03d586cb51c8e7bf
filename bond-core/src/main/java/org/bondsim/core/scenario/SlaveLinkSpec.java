package org.bondsim.core.scenario;

import org.bondsim.core.net.Netem;

/**
 * One slave's link in a scenario.
 *
 * @param speedMbps speed in Mbit/s
 * @param delayNs one-way propagation delay in ns
 * @param netem path impairment in both directions, or {@link Netem#NONE}
 */
public record SlaveLinkSpec(long speedMbps, long delayNs, Netem netem) {
  /**
   * Builds an unimpaired link.
   *
   * @param speedMbps speed
   * @param delayNs delay
   */
  public SlaveLinkSpec(long speedMbps, long delayNs) {
    this(speedMbps, delayNs, Netem.NONE);
  }

  /**
   * Checks the fields.
   *
   * @param speedMbps speed
   * @param delayNs delay
   * @param netem impairment
   */
  public SlaveLinkSpec {
    if (speedMbps <= 0 || speedMbps > 1_000_000) {
      throw new IllegalArgumentException("slave speed must be 1..1000000 Mbit/s, got " + speedMbps);
    }
    if (delayNs < 0) {
      throw new IllegalArgumentException("slave delay must be >= 0, got " + delayNs);
    }
    if (netem == null) {
      throw new IllegalArgumentException("netem must be given (Netem.NONE for none)");
    }
  }
}
