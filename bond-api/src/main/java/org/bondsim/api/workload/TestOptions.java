package org.bondsim.api.workload;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.StrictNumbers;

/**
 * netperf's test-specific options ({@code -m 1472 -s 212992,212992 -r1,1024}), read as netperf
 * reads them: a flag's value may follow it as the next word or be attached ({@code -m1472}), a
 * value is a netperf <em>sizespec</em> of one or two comma-separated items ({@code 1,1024}; one
 * item sets both, {@code 1,} only the first, {@code ,1024} only the second), and sizes take
 * netperf's suffixes ({@code convert()} in {@code netlib.c}: {@code K}, {@code M}, {@code G} for
 * 2^10, 2^20, 2^30 and {@code k}, {@code m}, {@code g} for 10^3, 10^6, 10^9). A flag given twice
 * keeps its last value, as netperf's getopt loop does.
 */
public final class TestOptions {
  private final String test;
  private final Map<String, String> values = new LinkedHashMap<>();

  /**
   * Parses the words after {@code --}.
   *
   * @param test the test name, for messages
   * @param words the words
   * @param known the flags the test accepts, such as {@code -m}
   * @throws OptionException for an unknown flag, a flag without a value or a sizespec of more than
   *     two items
   */
  public TestOptions(String test, List<String> words, Collection<String> known) {
    this.test = test;
    String allowed = String.join(", ", new TreeSet<>(known));
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String flag = word.length() > 2 && word.startsWith("-") ? word.substring(0, 2) : word;
      if (!known.contains(flag)) {
        throw new OptionException(
            flag,
            word,
            test
                + " test option '"
                + StrictNumbers.echo(word)
                + "' is not one bondsim models; allowed after '--': "
                + allowed);
      }
      String value;
      if (word.length() > 2) {
        value = word.substring(2);
      } else if (i + 1 < words.size()) {
        value = words.get(++i);
      } else {
        throw new OptionException(flag, "", test + " test option " + flag + " needs a value");
      }
      if (value.split(",", -1).length > 2) {
        throw new OptionException(
            flag,
            value,
            test
                + " test option "
                + flag
                + " takes one value or a pair like 1,1024, got '"
                + StrictNumbers.echo(value)
                + "'");
      }
      values.put(flag, value);
    }
  }

  /**
   * Returns a flag's value as text.
   *
   * @param flag the flag
   * @return the value, or null if not given
   */
  public String text(String flag) {
    return values.get(flag);
  }

  /**
   * Returns an integer flag, or one item of a sizespec such as {@code -s 1,2}.
   *
   * @param flag the flag
   * @param index which item of the pair, 0 or 1; a single item sets both
   * @param defaultValue when not given, or when that item is empty ({@code 1,} or {@code ,2})
   * @param min smallest allowed
   * @param max largest allowed
   * @return the value
   * @throws OptionException naming the flag and the range
   */
  public int intValue(String flag, int index, int defaultValue, int min, int max) {
    String text = values.get(flag);
    if (text == null) {
      return defaultValue;
    }
    String[] parts = text.split(",", -1);
    String part = parts.length == 1 ? parts[0].trim() : parts[index].trim();
    if (part.isEmpty()) {
      if (parts.length == 1) {
        throw OptionException.mustBe(test + " " + flag, min + ".." + max, "''");
      }
      return defaultValue;
    }
    long value = size(part);
    if (value < 0) {
      throw OptionException.mustBe(
          test + " " + flag,
          "a size in " + min + ".." + max + " (suffixes K, M, G or k, m, g as netperf takes them)",
          "'" + StrictNumbers.echo(text) + "'");
    }
    if (value < min || value > max) {
      throw OptionException.mustBe(test + " " + flag, min + ".." + max, part);
    }
    return (int) value;
  }

  /** netperf's convert(): digits and at most one size suffix; -1 for anything else. */
  private static long size(String text) {
    int end = text.length();
    long multiplier = 1;
    char last = text.charAt(end - 1);
    switch (last) {
      case 'K' -> multiplier = 1L << 10;
      case 'M' -> multiplier = 1L << 20;
      case 'G' -> multiplier = 1L << 30;
      case 'k' -> multiplier = 1_000L;
      case 'm' -> multiplier = 1_000_000L;
      case 'g' -> multiplier = 1_000_000_000L;
      default -> {
        // no suffix
      }
    }
    String digits = multiplier == 1 ? text : text.substring(0, end - 1);
    if (digits.length() > 12 || !StrictNumbers.isAsciiDigits(digits, false)) {
      return -1;
    }
    return Long.parseLong(digits) * multiplier;
  }
}
