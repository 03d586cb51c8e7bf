package org.bondsim.cli;

import java.io.PrintWriter;
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
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
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

  private static int execute(String[] args, PrintWriter out, PrintWriter err) {
    if (args.length > 0 && args[0].equals("netperf")) {
      String refusal = NetperfOptions.refusal(java.util.List.of(args).subList(1, args.length));
      if (refusal != null) {
        err.println("bondsim: " + refusal);
        err.flush();
        return USAGE_ERROR;
      }
    }
    CommandLine commandLine = new CommandLine(new BondsimCommand());
    commandLine.setOut(out);
    commandLine.setErr(err);
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
          if (ex instanceof IllegalArgumentException) {
            // Our own checks: the message names the field, the value and what is allowed. The
            // library names its parameters; the command line speaks of its flags.
            err.println("bondsim: " + CliMessages.toFlags(ex.getMessage()));
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
    int code = commandLine.execute(args);
    out.flush();
    err.flush();
    return code;
  }
}
