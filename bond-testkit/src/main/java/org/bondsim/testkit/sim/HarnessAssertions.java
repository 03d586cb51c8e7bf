package org.bondsim.testkit.sim;

import java.util.Arrays;
import java.util.Locale;
import org.assertj.core.api.AbstractAssert;

/** AssertJ assertions on a harness run. */
public final class HarnessAssertions extends AbstractAssert<HarnessAssertions, HarnessResult> {
  private HarnessAssertions(HarnessResult actual) {
    super(actual, HarnessAssertions.class);
  }

  /**
   * Starts an assertion.
   *
   * @param result the run
   * @return the assertion
   */
  public static HarnessAssertions assertThat(HarnessResult result) {
    return new HarnessAssertions(result);
  }

  /**
   * Checks that the receiver saw no reordering at all.
   *
   * @return this
   */
  public HarnessAssertions isReorderingFree() {
    isNotNull();
    if (actual.reorderedRatio() != 0) {
      failWithMessage(
          "expected no reordering, but %s of packets arrived reordered (max extent %d)",
          percent(actual.reorderedRatio()), actual.maxExtent());
    }
    return this;
  }

  /**
   * Checks the reordered ratio is below a bound.
   *
   * @param bound such as 0.01 for 1 %
   * @return this
   */
  public HarnessAssertions hasReorderedRatioBelow(double bound) {
    isNotNull();
    if (!(actual.reorderedRatio() < bound)) {
      failWithMessage(
          "expected a reordered ratio below %s, but it was %s",
          percent(bound), percent(actual.reorderedRatio()));
    }
    return this;
  }

  /**
   * Checks the receiver saw some reordering.
   *
   * @return this
   */
  public HarnessAssertions isReordered() {
    isNotNull();
    if (actual.reorderedRatio() == 0) {
      failWithMessage("expected reordering, but every packet arrived in order");
    }
    return this;
  }

  /**
   * Checks that at least a given fraction of packets arrived exactly in place (RFC 5236 reorder
   * density at displacement 0).
   *
   * @param fraction such as 0.99
   * @return this
   */
  public HarnessAssertions hasInPlaceDensityAtLeast(double fraction) {
    isNotNull();
    if (actual.reorderDensityAt(0) < fraction) {
      failWithMessage(
          "expected at least %s of packets in place (RFC 5236 D=0), but it was %s",
          percent(fraction), percent(actual.reorderDensityAt(0)));
    }
    return this;
  }

  /**
   * Checks every slave carried its equal share of frames give or take a tolerance.
   *
   * @param tolerance the largest allowed deviation as a fraction of the equal share
   * @return this
   */
  public HarnessAssertions spreadsLoadWithin(double tolerance) {
    isNotNull();
    if (actual.maxShareDeviation() > tolerance) {
      failWithMessage(
          "expected every slave within %s of an equal share, but the shares were %s",
          percent(tolerance), shares());
    }
    return this;
  }

  /**
   * Checks the measured throughput reaches a floor.
   *
   * @param mbps the floor
   * @return this
   */
  public HarnessAssertions hasThroughputAtLeast(double mbps) {
    isNotNull();
    if (actual.throughputMbps() < mbps) {
      failWithMessage(
          "expected at least %.1f Mbit/s, but the receiver got %.1f (slave shares %s)",
          mbps, actual.throughputMbps(), shares());
    }
    return this;
  }

  private String shares() {
    return Arrays.toString(
        Arrays.stream(actual.txShares()).mapToObj(HarnessAssertions::percent).toArray());
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.3f%%", 100 * fraction);
  }
}
