package org.bondsim.api.option;

/**
 * A free-text option such as an interface name.
 *
 * @param name the option's name
 * @param defaultValueText the default, may be empty
 * @param doc one line on what it does
 * @param level where Linux lets it be set
 */
public record TextOption(String name, String defaultValueText, String doc, OptionLevel level)
    implements OptionSpec {
  /**
   * Checks the level.
   *
   * @param name name
   * @param defaultValueText default
   * @param doc documentation
   * @param level where it may be set
   */
  public TextOption {
    if (level == null) {
      throw new IllegalArgumentException("option " + name + ": level must be given");
    }
  }

  /**
   * An option that is a module parameter and a per-bond setting.
   *
   * @param name name
   * @param defaultValueText default
   * @param doc documentation
   */
  public TextOption(String name, String defaultValueText, String doc) {
    this(name, defaultValueText, doc, OptionLevel.MODULE_AND_BOND);
  }

  @Override
  public String defaultText() {
    return defaultValueText;
  }

  @Override
  public String allowed() {
    return "text";
  }

  @Override
  public Object parse(String text) {
    return text.trim();
  }
}
