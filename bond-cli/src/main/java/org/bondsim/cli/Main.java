package org.bondsim.cli;

import java.io.PrintWriter;
import org.bondsim.netperf.GlobalOptions;
import picocli.CommandLine;

/** Entry point of the {@code bondsim} command. */
public final class Main {
  /** Exit code for bad usage: a bad option, value or argument. */
  public static final int USAGE_ERROR = 2;

  private Main() {}

  /**
   * Runs the command and exits with its code.
   *
   * @param args command-line arguments
   */
  public static void main(String[] args) {
    StandardOutput stdout = new StandardOutput();
    PrintWriter out =
        new PrintWriter(
            new java.io.OutputStreamWriter(
                new java.io.BufferedOutputStream(stdout, 1 << 16),
                java.nio.charset.Charset.defaultCharset()),
            true);
    PrintWriter err = new PrintWriter(System.err, true);
    int code;
    try {
      code = run(args, out, err);
      out.flush();
    } catch (StandardOutput.Failure e) {
      // Thrown while the last output was flushed, after the command finished.
      code = e.reason().equals("Broken pipe") ? 0 : 1;
    }
    if (stdout.failure() != null) {
      if (stdout.failure().reason().equals("Broken pipe")) {
        // The reader left on purpose (| head, | grep -q): it has what it wanted; end quietly with
        // the run's own status, so a pipeline under pipefail does not fail on it.
        // (The command's own status stands; the handler returned 0 for the interrupted output.)
      } else {
        // An answer that could not be written is not an answer: say why, and fail.
        err.println("bondsim: cannot write to standard output: " + stdout.failure().reason());
        err.flush();
        code = code == 0 ? 1 : code;
      }
    }
    System.exit(code);
  }

  /**
   * Runs the command without exiting, for tests and embedding.
   *
   * @param args command-line arguments
   * @param out standard output
   * @param err standard error
   * @return the exit code: 0 success, 2 usage error, 1 anything else
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    try {
      return execute(args, out, err);
    } catch (OutOfMemoryError e) {
      err.println(
          "bondsim: out of memory; give the JVM more heap, e.g. BONDSIM_JAVA_OPTS=-Xmx4g"
              + " ./bondsim ...");
      err.flush();
      return 1;
    }
  }

  /**
   * Reads the words as netperf and a user mean them: a value that starts with a minus and a digit
   * belongs to the option before it ({@code --mtu -400} becomes {@code --mtu=-400}, refused by the
   * option's own check rather than read as the {@code -4} option), and the optional rate after
   * {@code -c} or {@code -C} is taken only when it starts with a digit, as {@code netsh.c} does.
   */
  static String[] negativeValuesAttached(CommandLine root, String[] args) {
    if (args.length == 0 || !root.getSubcommands().containsKey(args[0])) {
      return args;
    }
    CommandLine.Model.CommandSpec command = root.getSubcommands().get(args[0]).getCommandSpec();
    java.util.List<String> joined = new java.util.ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--")) {
        joined.addAll(java.util.List.of(args).subList(i, args.length));
        break;
      }
      if ((arg.equals("-c") || arg.equals("-C"))
          && args[0].equals("netperf")
          && i + 1 < args.length
          && args[i + 1].matches("[0-9].*")) {
        // netperf's optional CPU rate (netsh.c reads it only when it starts with a digit): a
        // calibration the simulation does not need.
        joined.add(arg);
        i++;
        continue;
      }
      CommandLine.Model.OptionSpec option = command.findOption(arg);
      if (option != null
          && option.arity().min() >= 1
          && i + 1 < args.length
          && args[i + 1].matches("-[0-9.].*")) {
        joined.add(arg + "=" + args[++i]);
      } else {
        joined.add(arg);
      }
    }
    return joined.toArray(String[]::new);
  }

  private static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine commandLine = new CommandLine(new BondsimCommand());
    if (args.length > 0 && args[0].equals("netperf")) {
      CommandLine.Model.CommandSpec netperf =
          commandLine.getSubcommands().get("netperf").getCommandSpec();
      String refusal =
          GlobalOptions.refusal(
              java.util.List.of(args).subList(1, args.length),
              name -> {
                CommandLine.Model.OptionSpec option = netperf.findOption(name);
                return option != null && option.arity().min() >= 1;
              });
      if (refusal != null) {
        err.println("bondsim: " + refusal);
        err.flush();
        return USAGE_ERROR;
      }
    }
    commandLine.setOut(out);
    commandLine.setErr(err);
    // crosscheck's own options come first; from the word netperf on, the words are netperf's.
    commandLine.getSubcommands().get("crosscheck").setStopAtPositional(true);
    commandLine.getSubcommands().get("sweep").setStopAtPositional(true);
    // compare's lines are quoted argument lists; one starting with -t is a line, not an option.
    commandLine.getSubcommands().get("compare").setUnmatchedOptionsArePositionalParams(true);
    // A value such as -400 (which starts like the -4 option) is the option's bad value, not an
    // option.
    commandLine.setAllowOptionsAsOptionParameters(true);
    commandLine.setParameterExceptionHandler(
        (ex, arguments) -> {
          CommandLine failed = ex.getCommandLine();
          err.println(
              "bondsim: "
                  + CliMessages.parameterError(ex)
                  + " (see '"
                  + failed.getCommandSpec().qualifiedName()
                  + " --help')");
          return USAGE_ERROR;
        });
    commandLine.setExecutionExceptionHandler(
        (ex, failed, parseResult) -> {
          if (ex instanceof StandardOutput.Failure failure) {
            // main reports it, once, after the output is given up; a reader that left the pipe
            // had what it wanted.
            return failure.reason().equals("Broken pipe") ? 0 : 1;
          }
          if (ex instanceof org.bondsim.core.bond.PluginFault fault) {
            // The plugin's author's to fix: named with its jar, not a usage error, not ours.
            err.println("bondsim: " + fault.getMessage());
            return 1;
          }
          if (ex instanceof IllegalArgumentException bad) {
            // Our own checks: the message names the field, the value and what is allowed. The
            // library names its parameters; the command line speaks of its flags.
            err.println("bondsim: " + CliMessages.toFlags(bad));
            return USAGE_ERROR;
          }
          err.println(
              "bondsim: internal error (a bug in bondsim, please report it): "
                  + (ex.getMessage() == null ? "no message" : ex.getMessage()));
          if (System.getenv("BONDSIM_DEBUG") != null) {
            ex.printStackTrace(err);
          } else {
            err.println("(set BONDSIM_DEBUG=1 to see where)");
          }
          return 1;
        });
    int code = commandLine.execute(negativeValuesAttached(commandLine, args));
    try {
      out.flush();
    } catch (StandardOutput.Failure e) {
      // main reports it; the command's status stands unless the output was lost.
      code = e.reason().equals("Broken pipe") ? code : 1;
    }
    err.flush();
    return code;
  }
}
