package org.bondsim.api.option;

import java.util.Locale;

/**
 * A setting that takes a decimal number in a range, such as a pacing rate of 2.7 Mbit/s.
 *
 * @param name the setting's name
 * @param defaultNumber the value when not given
 * @param min smallest allowed
 * @param max largest allowed
 * @param unit the unit, for documentation ({@code Mbit/s})
 * @param doc one line of documentation
 */
public record DecimalOption(
    String name, double defaultNumber, double min, double max, String unit, String doc)
    implements OptionSpec {
  /**
   * Checks the range.
   *
   * @param name name
   * @param defaultNumber default
   * @param min min
   * @param max max
   * @param unit unit
   * @param doc doc
   */
  public DecimalOption {
    if (!(min <= max && defaultNumber >= min && defaultNumber <= max)) {
      throw new IllegalArgumentException(
          "option " + name + ": default " + defaultNumber + " outside " + min + ".." + max);
    }
  }

  @Override
  public String defaultText() {
    return format(defaultNumber);
  }

  @Override
  public String allowed() {
    return format(min) + ".." + format(max);
  }

  @Override
  public Object parse(String text) {
    double value = StrictNumbers.decimal(text);
    if (Double.isNaN(value)) {
      throw OptionException.mustBe(
          name, "a decimal number in " + allowed(), "'" + StrictNumbers.echo(text) + "'");
    }
    if (value < min || value > max) {
      throw OptionException.mustBe(name, allowed(), StrictNumbers.echo(text.trim()));
    }
    return value;
  }

  private static String format(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%s", value);
  }
}
