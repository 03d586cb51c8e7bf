package org.bondsim.api.option;

/**
 * A bad option value or name. The message names the option, the value given and what is allowed,
 * for example {@code packets_per_slave must be 0..65535, got -1}.
 */
public final class OptionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The option's name. */
  private final String option;

  /** The text that was given. */
  private final String value;

  /**
   * Builds the exception.
   *
   * @param option the option's name
   * @param value the text that was given
   * @param message the whole message, naming the option, the value and what is allowed
   */
  public OptionException(String option, String value, String message) {
    super(message);
    this.option = option;
    this.value = value;
  }

  /**
   * Reports a value outside what an option allows.
   *
   * @param option the option's name
   * @param allowed what is allowed, such as {@code 0..65535}
   * @param value the text that was given
   * @return the exception
   */
  public static OptionException mustBe(String option, String allowed, String value) {
    return new OptionException(option, value, option + " must be " + allowed + ", got " + value);
  }

  /**
   * Returns the option's name.
   *
   * @return the name
   */
  public String option() {
    return option;
  }

  /**
   * Returns the text that was given.
   *
   * @return the value
   */
  public String value() {
    return value;
  }
}
