package org.bondsim.core.scenario;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.bondsim.api.option.OptionException;

/**
 * Fail-fast checks for the scenario values: a missing value or a null element is reported at
 * construction with the parameter's name, never as an unnamed NullPointerException during a run.
 */
final class Checks {
  private Checks() {}

  static <T> T notNull(String name, T value) {
    if (value == null) {
      throw new NullPointerException(name + " must be given, got null");
    }
    return value;
  }

  static <T> List<T> copyOf(String name, Collection<T> values) {
    notNull(name, values);
    int i = 0;
    for (T value : values) {
      if (value == null) {
        throw new NullPointerException(name + "[" + i + "] must be given, got null");
      }
      i++;
    }
    return List.copyOf(values);
  }

  static <K, V> Map<K, V> copyOf(String name, Map<K, V> values) {
    notNull(name, values);
    for (Map.Entry<K, V> entry : values.entrySet()) {
      if (entry.getKey() == null || entry.getValue() == null) {
        throw new NullPointerException(
            name
                + " must hold no null names or values, got "
                + entry.getKey()
                + "="
                + entry.getValue());
      }
    }
    // Keeps the caller's order: Map.copyOf's iteration order changes from one JVM to the next.
    return java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
  }

  /** A duration in nanoseconds, refused with the parameter's name when negative or too long. */
  static long nanos(String name, java.time.Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative, got " + duration);
    }
    try {
      return duration.toNanos();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(name + " is too long: " + duration, e);
    }
  }

  /**
   * A value a parameter does not allow, as a typed error: the parameter's name and the value travel
   * with it, so the command line names its own flag by the parameter, not by the text.
   *
   * @param name the parameter, as the library names it
   * @param got the value given
   * @param message the whole message, starting with the parameter's name
   * @return the error to throw
   */
  static OptionException parameter(String name, Object got, String message) {
    return new OptionException(name, String.valueOf(got), message);
  }
}
