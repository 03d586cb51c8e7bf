package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.api.option.OptionException;
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
