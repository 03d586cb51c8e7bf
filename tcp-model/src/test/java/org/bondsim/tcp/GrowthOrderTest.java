package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where in an ACK's processing the window grows: 2.6.37's and 3.16's {@code tcp_ack} call {@code
 * tcp_cong_avoid} before {@code tcp_fastretrans_alert}, gated by {@code tcp_may_raise_cwnd} on the
 * state the ACK found; 4.9 and later grow in {@code tcp_cong_control}, after it. The test plays the
 * receiver of a sender in slow start with timestamps off.
 */
class GrowthOrderTest {
  private static final int MSS = 1460;

  private static EndpointHarness sender(String kernel) {
    EndpointHarness h = EndpointHarness.dupthreshSender(false, Map.of("bondsim.kernel", kernel));
    h.write(200L * MSS);
    return h;
  }

  private static int field(EndpointHarness h, String name) {
    return Integer.parseInt(h.endpoint.describe().replaceAll(".* " + name + ":(\\d+) .*", "$1"));
  }

  /**
   * ACKs one segment at a time until the window is 11 segments, all of them out.
   *
   * @return the first unacknowledged segment
   */
  private static int grownToEleven(EndpointHarness h) {
    int una = 0;
    while (field(h, "cwnd") < 11) {
      una++;
      h.ack((long) una * MSS);
    }
    assertThat(h.highestSent()).isEqualTo((una + 11L) * MSS);
    return una;
  }

  /**
   * The next segment ACKed and the three after the one that follows it SACKed: FACK's count (four
   * from the hole) or the SACKed count plus one passes tcp_reordering 3 and recovery starts.
   */
  private static void startRecoveryOnAnAckThatAlsoAdvances(EndpointHarness h, int una) {
    h.ack((una + 1L) * MSS, (una + 2L) * MSS, (una + 5L) * MSS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"2.6.37", "3.16"})
  void aClassicKernelGrowsOnTheAckThatStartsRecoveryBeforeTakingSsthreshFromTheWindow(
      String kernel) {
    EndpointHarness h = sender(kernel);
    startRecoveryOnAnAckThatAlsoAdvances(h, grownToEleven(h));
    // tcp_cong_avoid first (slow start: 11 -> 12), then tcp_fastretrans_alert: CUBIC's ssthresh
    // 12 x 717 / 1024 = 8.
    assertThat(field(h, "ssthresh")).isEqualTo(8);
  }

  @Test
  void sixXTakesSsthreshFromTheWindowTheAckFound() {
    EndpointHarness h = sender("6.x");
    startRecoveryOnAnAckThatAlsoAdvances(h, grownToEleven(h));
    // tcp_cong_control runs after the state machine, and not in Recovery: 11 x 717 / 1024 = 7.
    assertThat(field(h, "ssthresh")).isEqualTo(7);
  }

  @Test
  void linux316DoesNotGrowOnTheAckThatEndsRecovery() {
    EndpointHarness h = sender("3.16");
    int una = grownToEleven(h);
    long highSeq = h.highestSent();
    startRecoveryOnAnAckThatAlsoAdvances(h, una);
    h.ack(highSeq);
    // tcp_end_cwnd_reduction sets cwnd to ssthresh; tcp_may_raise_cwnd had already said no (the
    // ACK found Recovery), though a window at ssthresh slow-starts on 3.16.
    assertThat(h.counter("TcpExtTCPFullUndo")).isZero();
    assertThat(field(h, "cwnd")).isEqualTo(8);
    // The next ACK finds Open and grows: cwnd <= ssthresh is slow start there.
    h.ack(highSeq + MSS);
    assertThat(field(h, "cwnd")).isEqualTo(9);
  }
}
