package org.bondsim.api.option;

/**
 * An integer option with an inclusive range.
 *
 * @param name the option's name
 * @param defaultLong the default
 * @param min the smallest allowed value
 * @param max the largest allowed value
 * @param unit the unit shown in help, such as {@code ms}, or empty
 * @param doc one line on what it does
 * @param level where Linux lets it be set
 */
public record IntOption(
    String name, long defaultLong, long min, long max, String unit, String doc, OptionLevel level)
    implements OptionSpec {
  /**
   * Checks the default lies in the range.
   *
   * @param name name
   * @param defaultLong default
   * @param min minimum
   * @param max maximum
   * @param unit unit
   * @param doc documentation
   * @param level level
   */
  public IntOption {
    if (level == null) {
      throw new IllegalArgumentException("option " + name + ": level must be given");
    }
    if (min > max || defaultLong < min || defaultLong > max) {
      throw new IllegalArgumentException(
          "option " + name + ": default " + defaultLong + " outside " + min + ".." + max);
    }
  }

  /**
   * Builds an option that is both a module parameter and a per-bond setting, as most are.
   *
   * @param name name
   * @param defaultLong default
   * @param min minimum
   * @param max maximum
   * @param unit unit
   * @param doc documentation
   */
  public IntOption(String name, long defaultLong, long min, long max, String unit, String doc) {
    this(name, defaultLong, min, max, unit, doc, OptionLevel.MODULE_AND_BOND);
  }

  @Override
  public String defaultText() {
    return Long.toString(defaultLong);
  }

  @Override
  public String allowed() {
    return min + ".." + max;
  }

  @Override
  public Object parse(String text) {
    long value;
    try {
      if (!StrictNumbers.isInteger(text)) {
        throw new NumberFormatException(text);
      }
      value = Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw OptionException.mustBe(name, "an integer in " + allowed(), "'" + text + "'");
    }
    if (value < min || value > max) {
      throw OptionException.mustBe(name, allowed(), text.trim());
    }
    return value;
  }
}
