package org.bondsim.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.StrictNumbers;
import picocli.CommandLine;

/**
 * Turns the library's messages, which name its parameters ({@code mtu must be 68..65535}), and
 * picocli's, which speak of Java types, into messages about the command line's flags.
 */
final class CliMessages {
  /** A library parameter ({@link OptionException#option()}), and the flag that sets it. */
  private static final Map<String, String> FLAG_OF_PARAMETER = new LinkedHashMap<>();

  // Library parameter names that may also appear inside a message, whole words only.
  private static final Map<String, String> INNER_NAMES = new LinkedHashMap<>();

  static {
    FLAG_OF_PARAMETER.put("mtu ", "--mtu ");
    FLAG_OF_PARAMETER.put("txqueuelen ", "--txqueuelen ");
    FLAG_OF_PARAMETER.put("slaves ", "--slaves ");
    FLAG_OF_PARAMETER.put("speedMbps ", "--slaves speed ");
    FLAG_OF_PARAMETER.put("delayNs ", "--delay-us (as ns) ");
    FLAG_OF_PARAMETER.put("durationNs ", "-l (as ns) ");
    FLAG_OF_PARAMETER.put("streams ", "--streams ");
    FLAG_OF_PARAMETER.put("waitNs ", "-s (as ns) ");
    FLAG_OF_PARAMETER.put("clients ", "--clients ");
    FLAG_OF_PARAMETER.put("topology ", "--topology ");
    FLAG_OF_PARAMETER.put("switchBufferFrames ", "--switch-buffer ");
    FLAG_OF_PARAMETER.put("remoteAddress ", "-H ");
    FLAG_OF_PARAMETER.put("cpus ", "--cpus ");
    FLAG_OF_PARAMETER.put("receiver ", "--receiver ");
    FLAG_OF_PARAMETER.put("rx-usecs ", "--receiver rx-usecs ");
    FLAG_OF_PARAMETER.put("rx-frames ", "--receiver rx-frames ");
    FLAG_OF_PARAMETER.put("rx-usecs and rx-frames ", "--receiver rx-usecs and rx-frames ");
    FLAG_OF_PARAMETER.put("rx-ring ", "--receiver rx-ring ");
    FLAG_OF_PARAMETER.put("irq-cpus ", "--receiver irq-cpus ");
    FLAG_OF_PARAMETER.put("gro-flush-timeout ", "--receiver gro-flush-timeout ");
    FLAG_OF_PARAMETER.put("netem ", "--netem ");
    FLAG_OF_PARAMETER.put("cpu cost ", "--cpu-costs ");
    FLAG_OF_PARAMETER.put("rx-queues ", "--receiver rx-queues ");
    FLAG_OF_PARAMETER.put("cost profile ", "--cost-profile ");
    FLAG_OF_PARAMETER.put("test ", "-t ");
    FLAG_OF_PARAMETER.put("link event ", "--fail/--recover ");
    FLAG_OF_PARAMETER.put("xmit_hash_formula ", "--formula ");
    FLAG_OF_PARAMETER.put("portChannel ", "--port-channel ");
    FLAG_OF_PARAMETER.put("localAddress ", "-L ");
    INNER_NAMES.put("localAddress", "-L");
    INNER_NAMES.put("remoteAddress", "-H");
    INNER_NAMES.put("portChannel", "--port-channel");
    INNER_NAMES.put("switchBufferFrames", "--switch-buffer");
  }

  private CliMessages() {}

  /**
   * Names the flag for a library error by the parameter a typed one ({@link OptionException})
   * carries; every parameter the command line sets throws one. Any other message keeps its words,
   * with the library's inner names ({@code remoteAddress}, …) given as flags.
   *
   * @param error the library's error
   * @return the message for the command line
   */
  static String toFlags(IllegalArgumentException error) {
    String message = error.getMessage();
    if (message == null) {
      return "bad value";
    }
    if (error instanceof OptionException typed) {
      String flag = FLAG_OF_PARAMETER.get(typed.option() + " ");
      if (flag != null && message.startsWith(typed.option() + " ")) {
        return innerNames(flag + message.substring(typed.option().length() + 1));
      }
    }
    return innerNames(message);
  }

  private static String innerNames(String message) {
    String text = message;
    for (Map.Entry<String, String> entry : INNER_NAMES.entrySet()) {
      text = text.replaceAll("\\b" + entry.getKey() + "\\b", entry.getValue());
    }
    return text;
  }

  /**
   * Rewrites picocli's parse errors without Java type names.
   *
   * @param ex the error
   * @return one line naming the option and the value
   */
  static String parameterError(CommandLine.ParameterException ex) {
    String message = ex.getMessage();
    if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
      String first = unmatched.getUnmatched().isEmpty() ? "?" : unmatched.getUnmatched().get(0);
      return (first.startsWith("-") ? "unknown option '" : "unexpected argument '")
          + StrictNumbers.echo(first)
          + "'";
    }
    if (ex instanceof CommandLine.OverwrittenOptionException) {
      return message.replace("should be specified only once", "is given twice; give it once");
    }
    java.util.regex.Matcher expected =
        java.util.regex.Pattern.compile("Expected parameter for option '([^']+)' but found '(.*)'")
            .matcher(message);
    if (expected.find()) {
      return expected.group(1)
          + " needs a value, got '"
          + StrictNumbers.echo(expected.group(2))
          + "', which is an option or '--'";
    }
    java.util.regex.Matcher missing =
        java.util.regex.Pattern.compile("Missing required parameter for option '([^']+)'")
            .matcher(message);
    if (missing.find()) {
      return missing.group(1) + " needs a value";
    }
    // Drop picocli's Java type names, such as "(<String=String>)" or "is not a long".
    return message
        .replaceAll("\\(<[^>]*>\\)\\s*", "")
        .replaceAll("option option", "option")
        .replace("is not a long", "is not a whole number")
        .replace("is not an int", "is not a whole number")
        .replace("is not a double", "is not a number");
  }
}
