package org.bondsim.cli.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bondsim.cli.NetperfLine;

/**
 * One dimension of a sweep: a setting and the values it takes. The name says where the value goes
 * in the {@code bondsim netperf} line, in the words people type:
 *
 * <ul>
 *   <li>a sysctl ({@code net.ipv4.tcp_reordering}, {@code net.core.netdev_budget}, {@code
 *       bondsim.hz}): {@code --sysctl NAME=VALUE};
 *   <li>{@code bond.NAME}: an {@code ip link … type bond} word ({@code bond.packets_per_slave},
 *       {@code bond.xmit_hash_policy}) in {@code --bond};
 *   <li>{@code receiver.NAME}, {@code sender.NAME}: an ethtool word ({@code receiver.gro}, {@code
 *       receiver.rx-usecs}) in {@code --receiver} or {@code --sender};
 *   <li>{@code module.NAME}: a bonding module parameter ({@code --module-param NAME=VALUE});
 *   <li>{@code test.X}: a test-specific option after {@code --} ({@code test.m} is {@code -m});
 *   <li>anything else: the netperf option of that name, with or without its dashes ({@code slaves}
 *       is {@code --slaves}, {@code l} is {@code -l}).
 * </ul>
 *
 * @param name the axis's name as the user wrote it, which names its column
 * @param values the values, in order
 */
public record Axis(String name, List<String> values) implements java.io.Serializable {
  /** At most this many values on one axis: a range typed by mistake is refused, not run. */
  static final int MAX_VALUES = 100_000;

  /**
   * Checks the axis is runnable: a known setting and at least one value.
   *
   * @param name name
   * @param values values
   */
  public Axis {
    Objects.requireNonNull(name, "name");
    values = List.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("--vary " + name + ": no values; give a list or a range");
    }
    Target.of(name);
  }

  /**
   * Reads {@code NAME=LIST}: values separated by commas, or by colons when a value holds commas
   * ({@code delay-us=20,25,30:20,60,100} is two values); an item {@code A..B} is every whole number
   * from A to B.
   *
   * @param spec the text after {@code --vary}
   * @return the axis
   */
  public static Axis parse(String spec) {
    int eq = spec.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException(
          "--vary must be NAME=VALUES (net.ipv4.tcp_reordering=3,10 or slaves=2x1000:3x1000 or"
              + " bond.packets_per_slave=1..4), got '"
              + spec
              + "'");
    }
    String name = spec.substring(0, eq).trim();
    String list = spec.substring(eq + 1);
    String separator = list.contains(":") ? ":" : ",";
    List<String> values = new ArrayList<>();
    for (String item : list.split(java.util.regex.Pattern.quote(separator), -1)) {
      String value = item.trim();
      if (value.isEmpty()) {
        throw new IllegalArgumentException(
            "--vary " + name + ": an empty value in '" + list + "'; allowed: a list or A..B");
      }
      int dots = value.indexOf("..");
      if (dots > 0 && value.matches("-?[0-9]+\\.\\.-?[0-9]+")) {
        long from = Long.parseLong(value.substring(0, dots));
        long to = Long.parseLong(value.substring(dots + 2));
        if (to < from) {
          throw new IllegalArgumentException(
              "--vary " + name + ": the range " + value + " has no values; allowed: A..B, A <= B");
        }
        if (to - from >= MAX_VALUES) {
          throw new IllegalArgumentException(
              "--vary " + name + ": the range " + value + " has over " + MAX_VALUES + " values");
        }
        for (long v = from; v <= to; v++) {
          values.add(Long.toString(v));
        }
      } else {
        values.add(value);
      }
    }
    if (values.stream().distinct().count() != values.size()) {
      throw new IllegalArgumentException(
          "--vary " + name + ": a value is given twice in '" + list + "'; give each once");
    }
    return new Axis(name, values);
  }

  /**
   * Where this axis's value goes in a netperf line.
   *
   * @return the target
   */
  Target target() {
    return Target.of(name);
  }

  /** Where an axis's value goes. */
  sealed interface Target {
    /** A netperf option, such as {@code --slaves}. */
    record Option(String flag) implements Target {}

    /** A {@code --sysctl NAME=VALUE}. */
    record Sysctl(String name) implements Target {}

    /** A word pair in a settings option: {@code --bond}, {@code --receiver}, {@code --sender}. */
    record Word(String flag, String word) implements Target {}

    /** A {@code --module-param NAME=VALUE}. */
    record ModuleParameter(String name) implements Target {}

    /** A test-specific option after {@code --}. */
    record TestOption(String flag) implements Target {}

    static Target of(String name) {
      if (name.isEmpty()) {
        throw new IllegalArgumentException("--vary needs a name before '='");
      }
      int dot = name.indexOf('.');
      String head = dot > 0 ? name.substring(0, dot) : "";
      String tail = dot > 0 ? name.substring(dot + 1) : "";
      switch (head) {
        case "bond":
          return new Word("--bond", tail);
        case "receiver":
          return new Word("--receiver", tail);
        case "sender":
          return new Word("--sender", tail);
        case "module":
          return new ModuleParameter(tail);
        case "test":
          if (!tail.matches("[A-Za-z]")) {
            throw new IllegalArgumentException(
                "--vary " + name + ": a test-specific option is one letter (test.m is -m)");
          }
          return new TestOption("-" + tail);
        case "net", "bondsim", "kernel", "tcp_cubic":
          return new Sysctl(name);
        default:
          break;
      }
      String flag = name.startsWith("-") ? name : (name.length() == 1 ? "-" + name : "--" + name);
      if (!NetperfLine.hasOption(flag)) {
        throw new IllegalArgumentException(
            "--vary "
                + name
                + ": bondsim netperf has no option "
                + flag
                + "; allowed: an option of 'bondsim netperf --help', a sysctl (net.*), bond.NAME,"
                + " receiver.NAME, sender.NAME, module.NAME or test.X");
      }
      if (!NetperfLine.takesValue(flag)) {
        throw new IllegalArgumentException(
            "--vary " + name + ": " + flag + " takes no value, so it cannot be an axis");
      }
      return new Option(flag);
    }
  }
}
