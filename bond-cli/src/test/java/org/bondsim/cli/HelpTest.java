package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every verb's help, and the top-level list of verbs, renders cleanly: picocli warns on stderr
 * about an unescaped '%' in a description and prints the text unformatted.
 */
class HelpTest {
  /**
   * The top level (""), then every verb the top-level command declares, so a new verb is covered.
   */
  static List<String> verbs() {
    List<String> verbs = new ArrayList<>();
    verbs.add("");
    verbs.addAll(new CommandLine(new BondsimCommand()).getSubcommands().keySet());
    return verbs;
  }

  @ParameterizedTest
  @MethodSource("verbs")
  void helpPrintsWithoutFormatWarnings(String verb) {
    PrintStream saved = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    CliRunner result;
    try {
      result = verb.isEmpty() ? CliRunner.run("--help") : CliRunner.run(verb, "--help");
    } finally {
      System.setErr(saved);
    }
    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("Usage:").doesNotContain("%n");
    assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("WARN");
    assertThat(result.err()).doesNotContain("WARN");
  }
}
