package org.bondsim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command in-process and captures what it prints. */
record CliRunner(int exitCode, String out, String err) {
  static CliRunner run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new CliRunner(code, out.toString(), err.toString());
  }
}
