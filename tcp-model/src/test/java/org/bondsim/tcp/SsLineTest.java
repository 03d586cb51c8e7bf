package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** ss -ti's number formats (C's %g and sprint_bw), and the fields each kernel's tcp_info has. */
class SsLineTest {
  @Test
  void gKeepsSixSignificantDigitsAndDropsTrailingZeros() {
    assertThat(SsLine.g(0.208)).isEqualTo("0.208");
    assertThat(SsLine.g(201.0)).isEqualTo("201");
    assertThat(SsLine.g(0.05)).isEqualTo("0.05");
    assertThat(SsLine.g(1234.5678)).isEqualTo("1234.57");
    assertThat(SsLine.g(0.0)).isEqualTo("0");
    assertThat(SsLine.g(0.00001)).isEqualTo("1e-05");
    assertThat(SsLine.g(120000.0)).isEqualTo("120000");
    assertThat(SsLine.g(1234567.0)).isEqualTo("1.23457e+06");
    assertThat(SsLine.g(999999.5)).isEqualTo("1e+06");
  }

  @Test
  void bandwidthIsSprintBw() {
    assertThat(SsLine.bandwidth(2_804_512_345.0)).isEqualTo("2804.5M");
    assertThat(SsLine.bandwidth(12_345.0)).isEqualTo("12.3K");
    assertThat(SsLine.bandwidth(999.0)).isEqualTo("999");
  }

  @Test
  void zeroFieldsAreLeftOutAsIproute2Does() {
    String line =
        new SsLine()
            .flag(true, "ts")
            .flag(false, "sack")
            .word("cubic")
            .count("backoff", 0)
            .millis("rto", 201)
            .count("lost", 0)
            .count("unacked", 3)
            .toString();
    assertThat(line).isEqualTo("ts cubic rto:201 unacked:3");
  }

  private static String afterOneAck(String kernel) {
    EndpointHarness h =
        new EndpointHarness(Map.of("bondsim.kernel", kernel)).established(2_000_000L);
    h.write(20L * 1448);
    h.advanceTo(4_000_000L);
    h.ack(2L * 1448);
    return h.endpoint.describe();
  }

  @Test
  void oldKernelsLineHasNoFieldTheirTcpInfoLacks() {
    for (String kernel : new String[] {"2.6.37", "3.16"}) {
      String line = afterOneAck(kernel);
      assertThat(line).contains(" cwnd:", " rtt:", " unacked:", " send ");
      assertThat(line)
          .doesNotContain(
              "bytes_sent", "bytes_acked", "segs_out", "segs_in", "delivered", "minrtt", "snd_wnd");
    }
  }

  @Test
  void sixXLineHasTheTransferTotals() {
    assertThat(afterOneAck("6.x"))
        .contains(" bytes_sent:", " bytes_acked:", " segs_out:", " delivered:2 ", " minrtt:");
  }
}
