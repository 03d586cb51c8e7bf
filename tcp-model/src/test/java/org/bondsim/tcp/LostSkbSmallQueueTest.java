package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TCP small queues weigh a retransmission by the truesize of the skb it resends ({@code
 * tcp_small_queue_check(sk, skb, 1)} in 6.1's {@code tcp_xmit_retransmit_queue}): a lost GSO packet
 * that went whole gets a higher limit than one segment a SACK cut from it.
 */
class LostSkbSmallQueueTest {
  private static final int MSS = 1448;

  /**
   * Over a 100 ms path the pacing rate is low (1 ms of it, 282 bytes, is below any skb's truesize)
   * and every GSO packet holds two segments. Packets A (segments 0-1) and B (2-3) leave at once; 10
   * ms later C, D and E (4-9) go and stay below TCP (12 528 bytes of truesize), and the peer's ACK
   * at 110 ms SACKs {@code sackedFrom} up to C's end: RACK, with no reordering seen and three or
   * more segments SACKed, marks what A left lost.
   */
  private static EndpointHarness afterSack(long sackedFrom) {
    EndpointHarness h = new EndpointHarness(Map.of()).established(100_000_000L);
    long start = h.context.now();
    h.write(4L * MSS);
    h.advanceTo(start + 10_000_000L);
    h.holdTx(true);
    h.write(6L * MSS);
    assertThat(h.held()).as("C, D and E wait below TCP").isEqualTo(3);
    h.advanceTo(start + 110_000_000L);
    h.ack(0, sackedFrom, 6L * MSS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    return h;
  }

  @Test
  void aLostPacketOfTwoSegmentsPassesWhatWaitsBelowTcp() {
    // A lost whole: twice its truesize (2 x 4 176) doubled, 16 704 bytes, over the 12 528 waiting.
    EndpointHarness h = afterSack(2L * MSS);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
  }

  @Test
  void oneSegmentCutFromItWaits() {
    // Segment 1 SACKed leaves segment 0 an skb of its own: 2 x 2 728 doubled, 10 912 bytes.
    EndpointHarness h = afterSack(MSS);
    assertThat(h.counter("TcpRetransSegs")).isZero();
  }
}
