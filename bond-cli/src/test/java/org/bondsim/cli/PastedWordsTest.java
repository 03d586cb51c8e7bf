package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** netperf words a pasted line carries: accepted with a note on what they mean here, or refused. */
class PastedWordsTest {
  private static final String[] BASE = {"netperf", "-t", "TCP_RR", "-l", "0.3", "-P", "0"};

  private static CliRunner with(String... words) {
    String[] args = java.util.Arrays.copyOf(BASE, BASE.length + words.length);
    System.arraycopy(words, 0, args, BASE.length, words.length);
    return CliRunner.run(args);
  }

  @Test
  void theControlPortIsAcceptedAndChangesNothing() {
    CliRunner plain = CliRunner.run(BASE);
    CliRunner port = with("-p", "12865");
    assertThat(port.exitCode()).isZero();
    assertThat(port.out()).isEqualTo(plain.out());
    assertThat(port.err())
        .isEqualTo(
            "bondsim: note: -p 12865 sets the control connection's ports, which the simulated"
                + " hosts do not have: it changes nothing\n");
    CliRunner bad = with("-p", "70000");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).startsWith("bondsim: -p must be").contains("70000").hasLineCount(1);
  }

  @Test
  void confidenceIterationsRunOnceWithANote() {
    CliRunner plain = CliRunner.run(BASE);
    CliRunner loop = with("-i", "10,3", "-I", "99,5");
    assertThat(loop.exitCode()).isZero();
    assertThat(loop.out()).isEqualTo(plain.out());
    assertThat(loop.err()).startsWith("bondsim: note: -i/-I repeat a test").hasLineCount(1);
    CliRunner level = with("-I", "90,5");
    assertThat(level.exitCode()).isEqualTo(2);
    assertThat(level.err())
        .startsWith("bondsim: -I must be level[,width] with level 95 or 99")
        .hasLineCount(1);
    CliRunner iterations = with("-i", "many");
    assertThat(iterations.exitCode()).isEqualTo(2);
    assertThat(iterations.err()).startsWith("bondsim: -i must be").hasLineCount(1);
  }
}
