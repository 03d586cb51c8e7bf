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
    CommandLine commandLine = new CommandLine(new BondsimCommand());
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setParameterExceptionHandler(
        (ex, arguments) -> {
          CommandLine failed = ex.getCommandLine();
          err.println(
              "bondsim: "
                  + ex.getMessage()
                  + " (see '"
                  + failed.getCommandSpec().qualifiedName()
                  + " --help')");
          return USAGE_ERROR;
        });
    commandLine.setExecutionExceptionHandler(
        (ex, failed, parseResult) -> {
          if (ex instanceof IllegalArgumentException) {
            // Our own checks: the message names the field, the value and what is allowed.
            err.println("bondsim: " + ex.getMessage());
            return USAGE_ERROR;
          }
          err.println("bondsim: internal error: " + ex);
          if (System.getenv("BONDSIM_DEBUG") != null) {
            ex.printStackTrace(err);
          } else {
            err.println("(set BONDSIM_DEBUG=1 to see the stack trace)");
          }
          return 1;
        });
    int code = commandLine.execute(args);
    out.flush();
    err.flush();
    return code;
  }
}
