package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Runs a command that must succeed and returns the JSON object it printed. */
  static JsonNode json(String... args) throws Exception {
    CliRunner result = run(args);
    assertThat(result.exitCode()).as(result.err()).isZero();
    return JSON.readTree(result.out());
  }
}
