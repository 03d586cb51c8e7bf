package org.bondsim.api.option;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolved option values of one bond: each option's per-bond setting if one was given, else its
 * module-parameter default if one was given, else the option's own default. Immutable.
 */
public final class Options {
  private final Map<String, Object> values;
  private final Map<String, OptionSpec> specs;

  private Options(Map<String, OptionSpec> specs, Map<String, Object> values) {
    this.specs = Collections.unmodifiableMap(specs);
    this.values = Collections.unmodifiableMap(values);
  }

  /**
   * Resolves option values at both levels.
   *
   * @param specs every option the bond knows, in display order
   * @param moduleParameters global defaults by option name (like {@code modprobe} parameters)
   * @param bondSettings this bond's settings by option name (like {@code ip link … type bond})
   * @return the resolved options
   * @throws OptionException for a value out of range or an option not in {@code specs}
   */
  public static Options resolve(
      List<? extends OptionSpec> specs,
      Map<String, String> moduleParameters,
      Map<String, String> bondSettings) {
    Map<String, OptionSpec> byName = new LinkedHashMap<>();
    for (OptionSpec spec : specs) {
      byName.put(spec.name(), spec);
    }
    rejectUnknown(byName, moduleParameters, "module parameter");
    rejectUnknown(byName, bondSettings, "bond option");
    for (String name : moduleParameters.keySet()) {
      if (byName.get(name).level() == OptionLevel.BOND_ONLY) {
        throw new OptionException(
            name,
            moduleParameters.get(name),
            name
                + " is not a bonding module parameter in Linux (modprobe ignores it); it is set per"
                + " bond: ip link set bond0 type bond "
                + name
                + " "
                + moduleParameters.get(name));
      }
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (OptionSpec spec : specs) {
      String text = bondSettings.get(spec.name());
      if (text == null) {
        text = moduleParameters.get(spec.name());
      }
      values.put(spec.name(), text == null ? spec.defaultValue() : spec.parse(text));
    }
    return new Options(byName, values);
  }

  /**
   * Returns every option at its default.
   *
   * @param specs the options
   * @return the defaults
   */
  public static Options defaults(List<? extends OptionSpec> specs) {
    return resolve(specs, Map.of(), Map.of());
  }

  private static void rejectUnknown(
      Map<String, OptionSpec> byName, Map<String, String> given, String what) {
    for (String name : given.keySet()) {
      if (!byName.containsKey(name)) {
        throw new OptionException(
            name,
            given.get(name),
            "unknown " + what + " '" + name + "'; allowed: " + String.join(", ", byName.keySet()));
      }
    }
  }

  /**
   * Returns an integer option's value.
   *
   * @param name the option
   * @return its value
   * @throws IllegalArgumentException if there is no such integer option
   */
  public long getLong(String name) {
    if (values.get(name) instanceof Long value) {
      return value;
    }
    throw new IllegalArgumentException("no integer option '" + name + "'");
  }

  /**
   * Returns an integer option's value that is known to fit an int.
   *
   * @param name the option
   * @return its value
   */
  public int getInt(String name) {
    return Math.toIntExact(getLong(name));
  }

  /**
   * Returns a choice or text option's value.
   *
   * @param name the option
   * @return its value
   * @throws IllegalArgumentException if there is no such option or it is an integer
   */
  public String getString(String name) {
    if (values.get(name) instanceof String value) {
      return value;
    }
    throw new IllegalArgumentException("no text or choice option '" + name + "'");
  }

  /**
   * Returns whether an option exists here.
   *
   * @param name the option
   * @return true if known
   */
  public boolean has(String name) {
    return values.containsKey(name);
  }

  /**
   * Returns every value as text, in spec order, for reports.
   *
   * @return option name to value
   */
  public Map<String, String> asText() {
    Map<String, String> text = new LinkedHashMap<>();
    values.forEach((name, value) -> text.put(name, String.valueOf(value)));
    return text;
  }

  /**
   * Returns the specs these values were resolved against.
   *
   * @return option name to spec, in display order
   */
  public Map<String, OptionSpec> specs() {
    return specs;
  }

  @Override
  public String toString() {
    return asText().toString();
  }
}
