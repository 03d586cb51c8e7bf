package org.bondsim.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PythonAssertsTest {
  private static final Map<String, Long> VALUES =
      Map.of("tcpi_snd_cwnd", 10L, "tcpi_ca_state", 3L, "TCP_CA_Recovery", 3L);

  private static PythonAsserts.Failure run(String code) {
    return PythonAsserts.run(
        code,
        name ->
            VALUES.containsKey(name) ? OptionalLong.of(VALUES.get(name)) : OptionalLong.empty());
  }

  @Test
  void evaluatesComparisonsArithmeticAndLogic() {
    assertThat(run("assert tcpi_snd_cwnd == 10, 'cwnd=%d' % tcpi_snd_cwnd")).isNull();
    assertThat(run("assert 5 < tcpi_snd_cwnd <= 10\nassert tcpi_snd_cwnd // 3 == 3")).isNull();
    assertThat(run("assert tcpi_ca_state == TCP_CA_Recovery and not tcpi_snd_cwnd < 2")).isNull();
    assertThat(run("assert (tcpi_snd_cwnd - 4) * 2 == 12; assert tcpi_snd_cwnd % 4 == 2")).isNull();
  }

  @Test
  void aFalseAssertionReportsTheFieldsItRead() {
    assertThat(run("assert tcpi_snd_cwnd == 12, tcpi_snd_cwnd"))
        .isEqualTo(new PythonAsserts.Failure("tcpi_snd_cwnd == 12", "tcpi_snd_cwnd=10"));
    assertThat(run("assert 1 < tcpi_snd_cwnd < 5")).isNotNull();
  }

  @Test
  void otherStatementsAndUnknownFieldsAreUnsupported() {
    assertThatThrownBy(() -> run("print(tcpi_snd_cwnd)"))
        .isInstanceOf(Unsupported.class)
        .hasMessageContaining("other than assert");
    assertThatThrownBy(() -> run("assert tcpi_pacing_rate > 0"))
        .isInstanceOf(Unsupported.class)
        .hasMessageContaining("tcpi_pacing_rate");
  }
}
