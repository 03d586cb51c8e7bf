package org.bondsim.api.option;

/**
 * A free-text option such as an interface name.
 *
 * @param name the option's name
 * @param defaultValueText the default, may be empty
 * @param doc one line on what it does
 */
public record TextOption(String name, String defaultValueText, String doc) implements OptionSpec {
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
