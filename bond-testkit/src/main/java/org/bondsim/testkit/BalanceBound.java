package org.bondsim.testkit;

/**
 * A balance claim a policy makes: with at least {@code minFlows} flows sending equally over equal
 * slaves that are all up, every slave carries its fair share of packets give or take {@code
 * tolerance} (a fraction of the fair share) and one packet (a share of whole packets rounds).
 *
 * @param tolerance allowed deviation from the fair share, such as 0.05 for ±5 %
 * @param minFlows the fewest flows the claim is made for
 */
public record BalanceBound(double tolerance, int minFlows) {
  /**
   * Checks the fields.
   *
   * @param tolerance tolerance
   * @param minFlows flows
   */
  public BalanceBound {
    if (!(tolerance >= 0) || minFlows < 1) {
      throw new IllegalArgumentException(
          "a balance bound needs tolerance >= 0 and minFlows >= 1, got "
              + tolerance
              + ", "
              + minFlows);
    }
  }
}
