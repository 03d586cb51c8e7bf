package org.bondsim.cli.study;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.cli.NetperfLine;

/**
 * Puts one axis value into a {@code bondsim netperf} argument list, replacing what the base line
 * says for the same setting, so that the point's line reads as a user would have typed it.
 */
final class NetperfArgs {
  private NetperfArgs() {}

  static List<String> with(List<String> base, Axis.Target target, String value) {
    int split = base.indexOf("--");
    List<String> global = new ArrayList<>(split < 0 ? base : base.subList(0, split));
    List<String> test =
        new ArrayList<>(split < 0 ? List.of() : base.subList(split + 1, base.size()));
    if (target instanceof Axis.Target.Option o) {
      remove(global, o.flag(), v -> true);
      global.add(o.flag());
      global.add(value);
    } else if (target instanceof Axis.Target.Sysctl s) {
      remove(global, "--sysctl", v -> v.startsWith(s.name() + "="));
      global.add("--sysctl");
      global.add(s.name() + "=" + value);
    } else if (target instanceof Axis.Target.ModuleParameter m) {
      remove(global, "--module-param", v -> v.startsWith(m.name() + "="));
      global.add("--module-param");
      global.add(m.name() + "=" + value);
    } else if (target instanceof Axis.Target.Word w) {
      String words = last(global, w.flag());
      if (words == null) {
        words = w.flag().equals("--bond") ? "mode balance-rr" : "";
      }
      remove(global, w.flag(), v -> true);
      global.add(w.flag());
      global.add(replaceWord(words, w.word(), value));
    } else if (target instanceof Axis.Target.TestOption t) {
      List<String> kept = new ArrayList<>();
      for (int i = 0; i < test.size(); i++) {
        String arg = test.get(i);
        if (arg.equals(t.flag())) {
          i++;
        } else if (!arg.startsWith(t.flag())) {
          kept.add(arg);
        }
      }
      test = kept;
      test.add(t.flag());
      test.add(value);
    }
    List<String> args = new ArrayList<>(global);
    if (!test.isEmpty()) {
      args.add("--");
      args.addAll(test);
    }
    return args;
  }

  /** Removes every {@code flag VALUE}, {@code flag=VALUE} and (short flags) {@code -xVALUE}. */
  private static void remove(
      List<String> global, String flag, java.util.function.Predicate<String> which) {
    for (int i = 0; i < global.size(); i++) {
      String arg = global.get(i);
      String value = null;
      int width = 0;
      if (arg.equals(flag) && i + 1 < global.size()) {
        value = global.get(i + 1);
        width = 2;
      } else if (arg.startsWith(flag + "=")) {
        value = arg.substring(flag.length() + 1);
        width = 1;
      } else if (flag.length() == 2 && arg.startsWith(flag) && arg.length() > 2) {
        value = arg.substring(2);
        width = 1;
      } else if (NetperfLine.takesValue(arg)) {
        // Another option's value is not an option, whatever it looks like.
        i++;
        continue;
      }
      if (value != null && which.test(value)) {
        for (int k = 0; k < width; k++) {
          global.remove(i);
        }
        i--;
      } else if (width == 2) {
        i++;
      }
    }
  }

  private static String last(List<String> global, String flag) {
    String found = null;
    for (int i = 0; i < global.size(); i++) {
      String arg = global.get(i);
      if (arg.equals(flag) && i + 1 < global.size()) {
        found = global.get(++i);
      } else if (arg.startsWith(flag + "=")) {
        found = arg.substring(flag.length() + 1);
      } else if (NetperfLine.takesValue(arg)) {
        i++;
      }
    }
    return found;
  }

  /** Sets {@code word value} in a list of word pairs, where it stood or at the end. */
  private static String replaceWord(String words, String word, String value) {
    List<String> parts = new ArrayList<>(List.of(words.trim().split("\\s+")));
    parts.removeIf(String::isEmpty);
    for (int i = 0; i + 1 < parts.size(); i++) {
      if (parts.get(i).equals(word)) {
        parts.set(i + 1, value);
        return String.join(" ", parts);
      }
    }
    parts.add(word);
    parts.add(value);
    return String.join(" ", parts);
  }
}
