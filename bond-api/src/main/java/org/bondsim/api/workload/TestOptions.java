package org.bondsim.api.workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bondsim.api.option.OptionException;

/**
 * netperf's test-specific options ({@code -m 1472 -s 212992,212992 -r 1,1024}): flags with one
 * value each, checked against the flags a test knows.
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
   * @throws OptionException for an unknown flag or a flag without a value
   */
  public TestOptions(String test, List<String> words, Set<String> known) {
    this.test = test;
    for (int i = 0; i < words.size(); i++) {
      String flag = words.get(i);
      if (!known.contains(flag)) {
        throw new OptionException(
            flag,
            flag,
            test
                + " test option "
                + flag
                + " is unknown; allowed after '--': "
                + String.join(", ", known));
      }
      if (i + 1 >= words.size()) {
        throw new OptionException(flag, "", test + " test option " + flag + " needs a value");
      }
      values.put(flag, words.get(++i));
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
   * Returns an integer flag, or the first integer of a comma pair such as {@code -s 1,2}.
   *
   * @param flag the flag
   * @param index which of a comma-separated pair, 0 or 1; the first is used when only one given
   * @param defaultValue when not given
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
    String part = parts[Math.min(index, parts.length - 1)].trim();
    if (part.isEmpty()) {
      return defaultValue;
    }
    int value;
    try {
      value = Integer.parseInt(part);
    } catch (NumberFormatException e) {
      throw OptionException.mustBe(test + " " + flag, min + ".." + max, "'" + text + "'");
    }
    if (value < min || value > max) {
      throw OptionException.mustBe(test + " " + flag, min + ".." + max, part);
    }
    return value;
  }
}
