package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tcp_check_sack_reordering} runs twice for one ACK when it both SACKs a segment below the
 * highest SACK ({@code tcp_sacktag_write_queue}'s {@code state->reord}) and cumulatively covers a
 * hole below it ({@code tcp_clean_rtx_queue}'s {@code reord}): TcpExtTCPSACKReorder counts each.
 */
class SackReorderCountTest {
  private static final int MSS = 1460; // no timestamps

  @Test
  void anAckThatFillsAHoleBothWaysCountsTwice() {
    EndpointHarness h = EndpointHarness.dupthreshSender(false, Map.of());
    h.write(10L * MSS);
    // Segment 3 arrives first: the first SACK, above nothing, proves no reordering.
    h.ack(0, 3L * MSS, 4L * MSS);
    assertThat(h.counter("TcpExtTCPSACKReorder")).isZero();
    // Segments 0 and 2 arrive: the ACK covers 0 (a hole below the highest SACK, 4) and SACKs 2
    // (below it too).
    h.ack(MSS, 2L * MSS, 4L * MSS);
    assertThat(h.counter("TcpExtTCPSACKReorder")).isEqualTo(2);
    // The level follows the larger distance from the highest SACK, 4 - 0 segments.
    assertThat(h.endpoint.socketInfo().reordering()).isEqualTo(4);
  }
}
