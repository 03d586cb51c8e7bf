package org.bondsim.netperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A blocking send() larger than SO_SNDBUF streams on Linux, copied in parts as space frees. */
class SendBufferTest {
  @ParameterizedTest(name = "-s {0} -m {1}")
  @CsvSource({
    "8192, 16385, 16384",
    "0, 4194305, 16384",
    "4608, 16384, 9216",
    "1, 1, 4608",
  })
  void sendsLargerThanTheBufferStreamAndTheBufferIsWhatGetsockoptReturns(
      int sendBuffer, int message, int reported) {
    List<String> options =
        sendBuffer > 0
            ? List.of("-s", Integer.toString(sendBuffer), "-m", Integer.toString(message))
            : List.of("-m", Integer.toString(message));
    RunReport report =
        TcpStreamTest.run(
            "mode balance-rr",
            List.of(new SlaveLinkSpec(1000, 20_000)),
            1500,
            0.5,
            "TCP_STREAM",
            options,
            Map.of());
    // Before the fix these moved nothing; a buffer of a few KB still keeps a 1G link busy
    // (the bandwidth-delay product at 40 us is 5 KB).
    assertThat(report.throughputMbps()).isGreaterThan(300);
    // netperf prints what getsockopt(SO_SNDBUF) returns: doubled, at least SOCK_MIN_SNDBUF.
    assertThat(((TestResult.TcpStream) NetperfResult.typed(report.result())).sendSocketSize())
        .isEqualTo(reported);
  }
}
