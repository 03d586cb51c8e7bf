package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * In Recovery, {@code tcp_fastretrans_alert} tries the partial undo before it looks for new losses
 * ({@code tcp_identify_packet_loss}): an ACK proving the hole was filled by its delayed original,
 * while a retransmission is still out, clocks out new data but marks nothing more lost ("do not
 * mark more packets lost or retransmit more", {@code tcp_try_undo_partial}).
 */
class RecoveryLossOrderTest {
  private static final long MSS = 1448;

  @Test
  void aPartialAckProvenLateMarksNothingMoreLostWhileARetransmissionIsOut() {
    EndpointHarness h =
        new EndpointHarness(Map.of("bondsim.kernel", "6.x", "net.ipv4.tcp_early_retrans", "0"))
            .established(10_000_000L);
    long start = h.context.now();
    long firstTsval = start / 1_000_000 + 1;
    h.write(2 * MSS);
    h.advanceTo(start + 5_000_000L);
    h.write(8 * MSS);
    // At 16 ms segments 2..5 (sent at 5 ms) are SACKed: RACK, with no reordering seen yet, finds
    // segments 0 and 1 (sent at 0 ms) lost; recovery retransmits both.
    h.advanceTo(start + 16_000_000L);
    h.ackEchoing(firstTsval + 5, 0, 2 * MSS, 6 * MSS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(2);
    // At 17 ms segment 0's original arrives (the echo is older than the retransmissions) and
    // segment 9 is SACKed. Segments 6..8, sent with 9, have waited RACK's RTT exactly, with no
    // window yet: looking for losses first would mark them. The undo comes first, finds segment
    // 1's retransmission out, and ends there.
    h.advanceTo(start + 17_000_000L);
    int mark = h.packetsSent();
    h.ackEchoing(firstTsval, MSS, 2 * MSS, 6 * MSS, 9 * MSS, 10 * MSS);
    assertThat(h.counter("TcpExtTCPTSReorder")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPPartialUndo")).isZero();
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(2);
    assertThat(h.dataSequencesSince(mark)).allMatch(seq -> seq >= 10 * MSS);
  }
}
