package org.bondsim.api.option;

import java.util.List;
import java.util.stream.Collectors;

/**
 * An option that takes one of a set of words, each with the number Linux gives it (sysfs accepts
 * either, {@code primary_reselect better} or {@code primary_reselect 1}).
 *
 * @param name the option's name
 * @param defaultName the default word
 * @param choices the allowed words
 * @param doc one line on what it does
 * @param level where Linux lets it be set
 */
public record ChoiceOption(
    String name, String defaultName, List<Choice> choices, String doc, OptionLevel level)
    implements OptionSpec {
  /**
   * One allowed word.
   *
   * @param word the word
   * @param number the number Linux uses for it
   */
  public record Choice(String word, int number) {
    /**
     * A word Linux gives no number (a sysctl that takes names only, such as {@code
     * net.ipv4.tcp_congestion_control}).
     *
     * @param word the word
     * @return the choice
     */
    public static Choice wordOnly(String word) {
      return new Choice(word, NO_NUMBER);
    }
  }

  /** The number of a {@link Choice#wordOnly} choice: none. */
  public static final int NO_NUMBER = Integer.MIN_VALUE;

  /**
   * Checks the default is one of the choices.
   *
   * @param name name
   * @param defaultName default word
   * @param choices choices
   * @param doc documentation
   * @param level where it may be set
   */
  public ChoiceOption {
    if (level == null) {
      throw new IllegalArgumentException("option " + name + ": level must be given");
    }
    choices = List.copyOf(choices);
    if (choices.stream().noneMatch(c -> c.word().equals(defaultName))) {
      throw new IllegalArgumentException(
          "option " + name + ": default " + defaultName + " not a choice");
    }
  }

  /**
   * An option that is a module parameter and a per-bond setting.
   *
   * @param name name
   * @param defaultName default word
   * @param choices choices
   * @param doc documentation
   */
  public ChoiceOption(String name, String defaultName, List<Choice> choices, String doc) {
    this(name, defaultName, choices, doc, OptionLevel.MODULE_AND_BOND);
  }

  @Override
  public String defaultText() {
    return defaultName;
  }

  @Override
  public String allowed() {
    return choices.stream()
        // A word that is its own number (CONFIG_HZ's 250) is not repeated in parentheses.
        .map(
            c ->
                c.number() == NO_NUMBER || c.word().equals(Integer.toString(c.number()))
                    ? c.word()
                    : c.word() + " (" + c.number() + ")")
        .collect(Collectors.joining(", ", "one of ", ""));
  }

  @Override
  public Object parse(String text) {
    String word = text.trim();
    for (Choice choice : choices) {
      if (choice.word().equals(word)
          || choice.number() != NO_NUMBER && Integer.toString(choice.number()).equals(word)) {
        return choice.word();
      }
    }
    throw OptionException.mustBe(name, allowed(), "'" + text + "'");
  }
}
