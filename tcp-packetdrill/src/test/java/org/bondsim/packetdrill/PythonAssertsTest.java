package org.bondsim.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PythonAssertsTest {
  private static final Map<String, Long> VALUES =
      Map.of("tcpi_snd_cwnd", 10L, "tcpi_ca_state", 3L, "TCP_CA_Recovery", 3L);

  private static PythonAsserts.Failure run(String code) {
    return run(code, new HashMap<>());
  }

  private static PythonAsserts.Failure run(String code, Map<String, Long> variables) {
    return PythonAsserts.run(
        code,
        name -> VALUES.containsKey(name) ? OptionalLong.of(VALUES.get(name)) : OptionalLong.empty(),
        variables);
  }

  @Test
  void anAssignedNameHoldsForTheLaterBlocksOfTheScript() {
    Map<String, Long> variables = new HashMap<>();
    assertThat(run("TCP_INFINITE_SSTHRESH = 0x7fffffff", variables)).isNull();
    assertThat(variables).containsEntry("TCP_INFINITE_SSTHRESH", 2147483647L);
    assertThat(run("assert TCP_INFINITE_SSTHRESH > tcpi_snd_cwnd", variables)).isNull();
    assertThat(run("LIMIT = tcpi_snd_cwnd * 2; assert LIMIT == 20", variables)).isNull();
    assertThat(run("assert tcpi_snd_cwnd == 10", variables)).as("== is no assignment").isNull();
    assertThatThrownBy(() -> run("HALF = 5 / 2", variables))
        .isInstanceOf(Unsupported.class)
        .hasMessageContaining("non-integer");
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
