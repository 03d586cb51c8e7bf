package org.bondsim.core.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bondsim.api.option.OptionException;

/**
 * A bond's settings as {@code ip link add bond0 type bond …} takes them: a mode and option/value
 * pairs.
 *
 * @param mode the mode name or number, or empty for the module-parameter default
 * @param settings per-bond option values by name, in the order given
 */
public record BondSpec(String mode, Map<String, String> settings) {
  /**
   * Freezes the settings.
   *
   * @param mode mode
   * @param settings settings
   */
  public BondSpec {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /**
   * Parses words such as {@code mode balance-rr packets_per_slave 1 miimon 100}.
   *
   * @param words the words, split on white space
   * @return the spec
   * @throws OptionException if an option has no value or is given twice
   */
  public static BondSpec parse(List<String> words) {
    Map<String, String> settings = new LinkedHashMap<>();
    String mode = "";
    // 'ip link add bond0 type bond mode …': the words after the device name paste as they are.
    int first =
        words.size() >= 2 && words.get(0).equals("type") && words.get(1).equals("bond") ? 2 : 0;
    for (int i = first; i < words.size(); i += 2) {
      String name = words.get(i);
      if (i + 1 >= words.size()) {
        throw new OptionException(
            name, "", "bond option " + name + " needs a value, as in '" + name + " VALUE'");
      }
      String value = words.get(i + 1);
      if (name.equals("mode")) {
        if (!mode.isEmpty()) {
          throw new OptionException(
              name,
              value,
              "bond option mode is given twice ('"
                  + mode
                  + "' and '"
                  + value
                  + "'); allowed: one mode");
        }
        mode = value;
      } else if (settings.putIfAbsent(name, value) != null) {
        throw new OptionException(
            name, value, "bond option " + name + " is given twice; allowed: once");
      }
    }
    return new BondSpec(mode, settings);
  }

  /**
   * Parses one string of words.
   *
   * @param text such as {@code "mode active-backup miimon 100"}
   * @return the spec
   */
  public static BondSpec parse(String text) {
    if (text == null) {
      throw new NullPointerException("text must be given, got null");
    }
    String trimmed = text.trim();
    return parse(trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+")));
  }
}
