package org.bondsim.testkit;

/**
 * The limits a receive model promises for what it passes up.
 *
 * @param maxIpBytes the largest IP packet an aggregate may become (65535 for GRO)
 * @param maxSegments the most wire frames one aggregate may hold
 */
public record OffloadLimits(int maxIpBytes, int maxSegments) {
  /**
   * Checks the fields.
   *
   * @param maxIpBytes bytes
   * @param maxSegments segments
   */
  public OffloadLimits {
    if (maxIpBytes < 1 || maxSegments < 1) {
      throw new IllegalArgumentException(
          "limits must be positive, got " + maxIpBytes + " bytes, " + maxSegments + " segments");
    }
  }
}
