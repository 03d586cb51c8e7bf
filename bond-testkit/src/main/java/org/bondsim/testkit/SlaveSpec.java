package org.bondsim.testkit;

/**
 * One slave of a generated bond: its speed, its path's one-way delay and whether its link is up
 * when the run starts.
 *
 * @param speedMbps link speed
 * @param delayNs one-way delay of its path
 * @param up whether the carrier is up at the start
 */
public record SlaveSpec(long speedMbps, long delayNs, boolean up) {
  /**
   * Checks the fields.
   *
   * @param speedMbps speed
   * @param delayNs delay
   * @param up up
   */
  public SlaveSpec {
    if (speedMbps <= 0 || delayNs < 0) {
      throw new IllegalArgumentException(
          "a slave needs a speed > 0 and a delay >= 0, got " + speedMbps + ", " + delayNs);
    }
  }

  @Override
  public String toString() {
    return speedMbps + "M/" + delayNs / 1000 + "us/" + (up ? "up" : "down");
  }
}
