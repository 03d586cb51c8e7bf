package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A fast recovery that TCP small queues kept from retransmitting ends at the first partial ACK:
 * {@code tcp_packet_delayed} takes "nothing retransmitted yet" as a packet merely delayed (6.x
 * since e37ab7373696, and 2.6.37), {@code tcp_try_undo_partial} undoes, and RACK, looking again,
 * may start a new recovery, here from its reorder timer. 6.1 as released needed a retransmission
 * and an older echo.
 */
class PartialUndoTest {
  private static final int MSS = 1448;

  private static EndpointHarness held(String kernel) {
    EndpointHarness h =
        new EndpointHarness(
                Map.of(
                    "bondsim.kernel",
                    kernel,
                    "net.ipv4.tcp_early_retrans",
                    "0",
                    // Below TCP nothing may wait but the one skb the queue lets go regardless.
                    "net.ipv4.tcp_limit_output_bytes",
                    "1"))
            .established(10_000_000L);
    long start = h.context.now();
    h.write(2L * MSS);
    h.advanceTo(start + 5_000_000L);
    h.write(4L * MSS);
    // From here the NIC holds what it is given: one more skb waits below TCP.
    h.holdTx(true);
    h.write(2L * MSS);
    h.advanceTo(start + 16_000_000L);
    // Segments 2..5 (sent at 5 ms) arrive after 11 ms: 0 and 1, sent 5 ms earlier, are lost to
    // RACK, whose window is 0 before any reordering was seen.
    h.ack(0, 2L * MSS, 6L * MSS);
    return h;
  }

  @Test
  void aRecoveryThatRetransmittedNothingIsUndoneByThePartialAck() {
    EndpointHarness h = held("6.x");
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    assertThat(h.counter("TcpRetransSegs")).as("TSQ holds the retransmission").isZero();
    // Segment 0's original arrives: snd_una moves, still below high_seq.
    h.ack(MSS, 2L * MSS, 6L * MSS);
    assertThat(h.counter("TcpExtTCPPartialUndo")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPTSReorder")).isEqualTo(1);
    // RACK looks again at once: its RTT is now segment 0's (16 ms, the segment delivered last),
    // and segment 1, sent with it, has not waited that plus the window (min_rtt / 4 = 2.5 ms).
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    // The reorder timer (2.5 ms + 2 ms, in ticks) finds it late: a new recovery.
    h.advanceTo(h.context.now() + 6_000_000L);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(2);
  }

  @Test
  void linux61AsReleasedWaitsForARetransmission() {
    EndpointHarness h = held("6.1");
    h.ack(MSS, 2L * MSS, 6L * MSS);
    assertThat(h.counter("TcpExtTCPPartialUndo")).isZero();
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
  }
}
