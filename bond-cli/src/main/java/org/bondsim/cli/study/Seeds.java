package org.bondsim.cli.study;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** Seed lists as studies take them: {@code 1..10}, {@code 1-10}, {@code 1,5,9} or a mix. */
public final class Seeds {
  /** A longer list is a typing mistake, not a study. */
  static final int MAX = 100_000;

  private Seeds() {}

  /**
   * Reads a seed list.
   *
   * @param text such as {@code 1..10} or {@code 3,7,11-13}
   * @param option the option's name, for messages
   * @return the seeds, in order
   */
  public static List<Long> parse(String text, String option) {
    List<Long> seeds = new ArrayList<>();
    for (String item : text.split(",", -1)) {
      String t = item.trim();
      java.util.regex.Matcher range =
          java.util.regex.Pattern.compile("([0-9]+)(?:\\.\\.|-)([0-9]+)").matcher(t);
      if (range.matches()) {
        long from = number(range.group(1), text, option);
        long to = number(range.group(2), text, option);
        if (to < from) {
          throw new IllegalArgumentException(
              option + ": the range " + t + " has no seeds; allowed: A..B with A <= B");
        }
        if (to - from >= MAX) {
          throw new IllegalArgumentException(option + ": over " + MAX + " seeds in '" + t + "'");
        }
        for (long s = from; s <= to; s++) {
          seeds.add(s);
        }
      } else {
        seeds.add(number(t, text, option));
      }
      if (seeds.size() > MAX) {
        throw new IllegalArgumentException(option + ": over " + MAX + " seeds in '" + text + "'");
      }
    }
    if (new LinkedHashSet<>(seeds).size() != seeds.size()) {
      throw new IllegalArgumentException(option + ": a seed is given twice in '" + text + "'");
    }
    return seeds;
  }

  private static long number(String word, String text, String option) {
    if (!word.matches("[0-9]{1,19}")) {
      throw new IllegalArgumentException(
          option
              + " must be seeds 0.."
              + Long.MAX_VALUE
              + " as a list or range (1..10, 1-10, 1,5,9), got '"
              + text
              + "'");
    }
    try {
      return Long.parseLong(word);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          option + " must be seeds 0.." + Long.MAX_VALUE + ", got '" + text + "'");
    }
  }
}
