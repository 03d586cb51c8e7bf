package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.api.option.OptionException;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.wire.Netem;
import org.junit.jupiter.api.Test;

/** Library errors become messages about the command line's flags. */
class CliMessagesTest {
  @Test
  void aTypedErrorIsMappedByTheParameterItCarries() {
    OptionException typed =
        new OptionException("durationNs", "0", "durationNs must be 1..86400000000000 ns, got 0");
    assertThat(CliMessages.toFlags(typed))
        .isEqualTo("-l (as ns) must be 1..86400000000000 ns, got 0");
    // The parameter decides, not the words: a typed error of a parameter with no flag stays as is.
    OptionException unmapped = new OptionException("staggerNs", "-1", "mtu-like words, got -1");
    assertThat(CliMessages.toFlags(unmapped)).isEqualTo("mtu-like words, got -1");
    // And an untyped message is never mapped by its first words.
    assertThat(CliMessages.toFlags(new IllegalArgumentException("mtu must be 68..65535, got 1")))
        .isEqualTo("mtu must be 68..65535, got 1");
  }

  @Test
  void theOptionParsersErrorsAreTypedToo() {
    assertThat(parserError(() -> ReceiveSettings.parse("rx-usecs 200000")).option())
        .isEqualTo("rx-usecs");
    assertThat(parserError(() -> ReceiveSettings.parse("gro sometimes")).option())
        .isEqualTo("receiver");
    assertThat(parserError(() -> Netem.parse("loss 120%")).option()).isEqualTo("netem");
    assertThat(parserError(() -> CpuCosts.parse("frame")).option()).isEqualTo("cpu cost");
    // Each reaches the user under its flag.
    CliRunner run = CliRunner.run("netperf", "-l", "0.1", "--receiver", "rx-usecs 200000");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo("bondsim: --receiver rx-usecs must be 0..100000, got 200000");
  }

  private static OptionException parserError(Runnable parse) {
    try {
      parse.run();
    } catch (OptionException e) {
      return e;
    }
    throw new AssertionError("no OptionException");
  }

  @Test
  void theLibrarysOwnChecksAreTyped() {
    // Cabling's check, reached only in the library: it names the parameter, the CLI its flag.
    CliRunner run = CliRunner.run("netperf", "-l", "0.1", "--clients", "3", "--slaves", "2x1000");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .startsWith("bondsim: --clients 3 needs a switch between the hosts; balance-rr is cabled");
  }
}
