package org.bondsim.core.lacp;

import java.util.Locale;

/** {@code ad_select}: how the active aggregator is chosen ({@code ad_agg_selection_test}). */
public enum AggregatorSelection {
  /** Keep the active aggregator while it has ports and an answering partner; else bandwidth. */
  STABLE,
  /** The aggregator with the most bandwidth, chosen again at every change. */
  BANDWIDTH,
  /** The aggregator with the most ports (then bandwidth), chosen again at every change. */
  COUNT;

  /**
   * Returns the option's word.
   *
   * @return {@code stable}, {@code bandwidth} or {@code count}
   */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses an option word.
   *
   * @param word {@code stable}, {@code bandwidth} or {@code count}
   * @return the policy
   */
  public static AggregatorSelection parse(String word) {
    return valueOf(word.toUpperCase(Locale.ROOT));
  }
}
