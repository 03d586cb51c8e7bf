package org.bondsim.cli.study;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A mean over seeds with its 95 % confidence interval from Student's t distribution (the seeds are
 * independent replications; with one value the interval is unknown).
 *
 * @param n values
 * @param mean their mean
 * @param sd their sample standard deviation (n - 1), NaN for one value
 * @param ciLow the interval's low end, NaN when unknown
 * @param ciHigh the interval's high end, NaN when unknown
 */
public record Estimate(int n, double mean, double sd, double ciLow, double ciHigh) {
  /** Two-sided 95 %. */
  static final double CONFIDENCE = 0.95;

  /**
   * Estimates the mean of values.
   *
   * @param values at least one value
   * @return the estimate
   */
  public static Estimate of(double... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("values: none");
    }
    double mean = Mean.of(values).getAsDouble();
    if (values.length == 1) {
      return new Estimate(1, mean, Double.NaN, Double.NaN, Double.NaN);
    }
    double sd = Math.sqrt(Variance.of(values).getAsDouble());
    double half = quantile(values.length - 1) * sd / Math.sqrt(values.length);
    return new Estimate(values.length, mean, sd, mean - half, mean + half);
  }

  /**
   * Welch's interval for the difference of two means, {@code b - a}, where the samples are not
   * paired (the Welch-Satterthwaite degrees of freedom).
   *
   * @param a at least two values
   * @param b at least two values
   * @return the estimate of {@code mean(b) - mean(a)}; n is the smaller sample
   */
  public static Estimate welch(double[] a, double[] b) {
    if (a.length < 2 || b.length < 2) {
      throw new IllegalArgumentException("welch: each side needs two values or more");
    }
    double va = Variance.of(a).getAsDouble() / a.length;
    double vb = Variance.of(b).getAsDouble() / b.length;
    double diff = Mean.of(b).getAsDouble() - Mean.of(a).getAsDouble();
    double se = Math.sqrt(va + vb);
    if (se == 0) {
      return new Estimate(Math.min(a.length, b.length), diff, 0, diff, diff);
    }
    double df = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
    double half = TDistribution.of(df).inverseCumulativeProbability(0.5 + CONFIDENCE / 2) * se;
    return new Estimate(Math.min(a.length, b.length), diff, se, diff - half, diff + half);
  }

  /**
   * Whether the interval is known and leaves out zero.
   *
   * @return true when a difference this interval describes is detectable
   */
  public boolean excludesZero() {
    return !Double.isNaN(ciLow) && (ciLow > 0 || ciHigh < 0);
  }

  private static double quantile(int degreesOfFreedom) {
    return TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(0.5 + CONFIDENCE / 2);
  }
}
