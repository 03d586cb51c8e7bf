package org.bondsim.core.scenario;

import org.bondsim.core.wire.Netem;

/**
 * One slave's link in a scenario.
 *
 * @param speedMbps speed in Mbit/s
 * @param delayNs one-way propagation delay in ns
 * @param netem path impairment in both directions, or {@link Netem#NONE}
 * @param shaping a tbf in front of each end and extra delay per direction, or {@link Shaping#NONE}
 *     for a plain cable
 */
public record SlaveLinkSpec(long speedMbps, long delayNs, Netem netem, Shaping shaping) {
  /** The longest one-way delay a slave link takes: 10 s. */
  public static final long MAX_DELAY_NS = 10_000_000_000L;

  /**
   * Returns this link with another one-way delay.
   *
   * @param delay the delay, 0..10 s
   * @return the changed link
   */
  public SlaveLinkSpec delay(java.time.Duration delay) {
    Checks.notNull("delay", delay);
    return new SlaveLinkSpec(speedMbps, Checks.nanos("delay", delay), netem, shaping);
  }

  /**
   * Returns this link impaired as netem would impair it (both directions).
   *
   * @param impairment for example {@code Netem.parse("loss 1%")}
   * @return the changed link
   */
  public SlaveLinkSpec impaired(Netem impairment) {
    return new SlaveLinkSpec(speedMbps, delayNs, impairment, shaping);
  }

  /**
   * Returns this link shaped ({@link Shaping}).
   *
   * @param value the shaping
   * @return the changed link
   */
  public SlaveLinkSpec shaped(Shaping value) {
    return new SlaveLinkSpec(speedMbps, delayNs, netem, value);
  }

  /**
   * Builds an unshaped link.
   *
   * @param speedMbps speed
   * @param delayNs delay
   * @param netem impairment
   */
  public SlaveLinkSpec(long speedMbps, long delayNs, Netem netem) {
    this(speedMbps, delayNs, netem, Shaping.NONE);
  }

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
   * @param shaping shaping
   */
  public SlaveLinkSpec {
    if (speedMbps <= 0 || speedMbps > 1_000_000) {
      throw Checks.parameter(
          "speedMbps", speedMbps, "speedMbps must be 1..1000000 Mbit/s, got " + speedMbps);
    }
    if (delayNs < 0 || delayNs > MAX_DELAY_NS) {
      throw Checks.parameter(
          "delayNs", delayNs, "delayNs must be 0..10000000000 ns (10 s), got " + delayNs);
    }
    if (netem == null) {
      throw new NullPointerException("netem must be given (Netem.NONE for none)");
    }
    if (shaping == null) {
      throw new NullPointerException("shaping must be given (Shaping.NONE for none)");
    }
  }
}
