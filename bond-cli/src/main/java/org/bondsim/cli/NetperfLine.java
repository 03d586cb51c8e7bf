package org.bondsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.netperf.GlobalOptions;
import picocli.CommandLine;

/**
 * A {@code bondsim netperf} argument list read into the scenario it describes, exactly as the
 * {@code netperf} command reads it, for commands and library calls that run many of them (sweep,
 * compare, crosscheck). A bad line is an {@link IllegalArgumentException} whose message names the
 * option, the value and what is allowed, in the command line's words.
 */
public final class NetperfLine {
  /** Options that make files or change what is printed: a study writes its own outputs. */
  private static final Set<String> OUTPUT_OPTIONS =
      Set.of("--pcap", "--pcap-snaplen", "--series", "--interval", "-D", "--json-schema");

  private NetperfLine() {}

  /**
   * Reads a {@code bondsim netperf} argument list (without the word {@code netperf}).
   *
   * @param args the arguments, such as {@code ["-t", "TCP_STREAM", "--slaves", "3x1000"]}
   * @return the scenario
   * @throws IllegalArgumentException naming the option and value when the line is refused
   */
  public static Scenario scenario(List<String> args) {
    return parse(args).scenario();
  }

  /**
   * Returns the netperf arguments of a study's positional words, which must start with the word
   * {@code netperf}.
   *
   * @param words the positional words, such as {@code [netperf, -t, TCP_RR]}
   * @param usage the study's usage line, for the message
   * @return the words after {@code netperf}
   */
  public static List<String> afterWordNetperf(List<String> words, String usage) {
    if (words.isEmpty() || !words.get(0).equals("netperf")) {
      throw new IllegalArgumentException(
          "a bondsim netperf command line follows the options: "
              + usage
              + ", got '"
              + (words.isEmpty() ? "" : words.get(0))
              + "'");
    }
    return words.subList(1, words.size());
  }

  /**
   * Reads a line and resolves its bond as the run would (mode, options, module parameters), so that
   * every value is checked before anything runs.
   *
   * @param args the arguments, without the word netperf
   * @return the scenario
   * @throws IllegalArgumentException naming the option and value when the line is refused
   */
  public static Scenario checked(List<String> args) {
    Scenario scenario = scenario(args);
    try {
      new org.bondsim.core.scenario.ScenarioRunner(
              org.bondsim.core.bond.PolicyRegistry.load(),
              org.bondsim.core.host.WorkloadRegistry.load())
          .resolve(scenario);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(CliMessages.toFlags(e));
    }
    return scenario;
  }

  /**
   * Whether the argument list names a netperf option (with or without its value attached).
   *
   * @param name such as {@code --slaves} or {@code -l}
   * @return whether {@code bondsim netperf} has it
   */
  public static boolean hasOption(String name) {
    return spec().findOption(name) != null;
  }

  /**
   * Whether a netperf option takes a value.
   *
   * @param name such as {@code --slaves}
   * @return true when it takes one
   */
  public static boolean takesValue(String name) {
    CommandLine.Model.OptionSpec option = spec().findOption(name);
    return option != null && option.arity().min() >= 1;
  }

  /**
   * Refuses the options that write files or sample a run ({@code --pcap}, {@code --series}, {@code
   * -D}): a study or a crosscheck writes its own outputs.
   *
   * @param args the arguments
   * @param command the study's name, for the message
   */
  public static void refuseOutputOptions(List<String> args, String command) {
    refuseOutputOptions(args, command, "it writes its own report");
  }

  /**
   * Refuses the options that write files or sample a run, saying what the command offers instead.
   *
   * @param args the arguments
   * @param command the command's name, for the message
   * @param instead why, or what to use instead, in the message's parentheses
   */
  public static void refuseOutputOptions(List<String> args, String command, String instead) {
    for (String arg : args) {
      if (arg.equals("--")) {
        return;
      }
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      if (OUTPUT_OPTIONS.contains(name)) {
        throw new IllegalArgumentException(
            command
                + ": "
                + name
                + " is not taken here ("
                + instead
                + "); allowed: the options that"
                + " choose what is simulated");
      }
    }
  }

  static NetperfRun parse(List<String> args) {
    String refusal = GlobalOptions.refusal(args, NetperfLine::takesValue);
    if (refusal != null) {
      throw new IllegalArgumentException(refusal);
    }
    CommandLine root = new CommandLine(new BondsimCommand());
    List<String> words = new ArrayList<>();
    words.add("netperf");
    words.addAll(args);
    String[] joined = Main.negativeValuesAttached(root, words.toArray(String[]::new));
    NetperfCommand parsed = new NetperfCommand();
    CommandLine line = new CommandLine(parsed);
    line.setAllowOptionsAsOptionParameters(true);
    try {
      line.parseArgs(java.util.Arrays.copyOfRange(joined, 1, joined.length));
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(CliMessages.parameterError(e));
    }
    try {
      return NetperfRun.from(parsed);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(CliMessages.toFlags(e));
    }
  }

  private static CommandLine.Model.CommandSpec spec() {
    return Spec.NETPERF;
  }

  /** Built once, on first use: option lookups only read it. */
  private static final class Spec {
    static final CommandLine.Model.CommandSpec NETPERF =
        new CommandLine(new NetperfCommand()).getCommandSpec();
  }
}
