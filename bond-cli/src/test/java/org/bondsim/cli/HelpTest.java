package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every verb's help renders cleanly: picocli warns on stderr about an unescaped '%'. */
class HelpTest {
  @ParameterizedTest
  @ValueSource(strings = {"netperf", "xmit-hash", "policies", "reproduce"})
  void helpPrintsWithoutFormatWarnings(String verb) {
    PrintStream saved = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    CliRunner result;
    try {
      result = CliRunner.run(verb, "--help");
    } finally {
      System.setErr(saved);
    }
    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("Usage:");
    assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("WARN");
    assertThat(result.err()).doesNotContain("WARN");
  }
}
