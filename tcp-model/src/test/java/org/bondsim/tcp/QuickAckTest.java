package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The receiver's quick-ACK mode after a hole: 2.6.37's {@code tcp_data_queue} re-enters it on every
 * out-of-order segment, so the in-order segments after the hole are ACKed one by one; 6.x (since
 * 4.18) goes back to ACKing every second full segment at once.
 */
class QuickAckTest {
  private static final int MSS = 1448;

  @ParameterizedTest
  @CsvSource({"2.6.37, 10", "6.x, 5"})
  void afterAHoleTheNextSegmentsAreAckedOneByOneOnlyOn2637(String kernel, int acks) {
    EndpointHarness h =
        new EndpointHarness(Map.of("bondsim.kernel", kernel, "net.ipv4.tcp_timestamps", "0"))
            .established();
    long seq = 0;
    for (int i = 0; i < 40; i++, seq += MSS) {
      h.receive(seq, MSS); // spends the 16 quick ACKs of the connection's start
    }
    h.receive(seq + MSS, MSS); // out of order: one segment missing
    h.receive(seq, MSS); // the hole fills
    seq += 2 * MSS;
    int before = h.packetsSent();
    for (int i = 0; i < 10; i++, seq += MSS) {
      h.receive(seq, MSS);
    }
    assertThat(h.packetsSent() - before).isEqualTo(acks);
  }
}
