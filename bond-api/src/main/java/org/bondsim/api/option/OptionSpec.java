package org.bondsim.api.option;

/**
 * The specification of one option: its name as Linux spells it, its default, what it allows and
 * what it means.
 */
public sealed interface OptionSpec permits IntOption, DecimalOption, ChoiceOption, TextOption {
  /**
   * Returns the option's name.
   *
   * @return a name such as {@code packets_per_slave}
   */
  String name();

  /**
   * Returns one line on what the option does.
   *
   * @return documentation
   */
  String doc();

  /**
   * Returns the default as text.
   *
   * @return the default value
   */
  String defaultText();

  /**
   * Returns what the option allows, for help and error messages.
   *
   * @return for example {@code 0..65535} or {@code always|better|failure}
   */
  String allowed();

  /**
   * Parses and checks a value.
   *
   * @param text the value as a user typed it
   * @return the canonical value: a {@link Long} for integers, a {@link String} otherwise
   * @throws OptionException naming the option, the value and what is allowed
   */
  Object parse(String text);

  /**
   * Returns the default in canonical form.
   *
   * @return the parsed default
   */
  default Object defaultValue() {
    return parse(defaultText());
  }

  /**
   * Returns where Linux lets this option be set.
   *
   * @return {@link OptionLevel#MODULE_AND_BOND} unless the option says otherwise
   */
  default OptionLevel level() {
    return OptionLevel.MODULE_AND_BOND;
  }
}
