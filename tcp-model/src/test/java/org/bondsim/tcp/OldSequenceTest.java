package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.SackBlock;
import org.bondsim.api.tcp.TcpSegment;
import org.junit.jupiter.api.Test;

/**
 * {@code tcp_validate_incoming}'s sequence check ({@code tcp_sequence}, 6.1's tcp_input.c): data
 * that ends before {@code rcv_wup} is answered with a duplicate ACK and dropped before {@code
 * tcp_ack}, so a needless retransmission that arrives after its original does not move {@code
 * ts_recent}, and the PAWS check does not then discard originals sent before it.
 */
class OldSequenceTest {
  private static final int LEN = 1000;
  private static final long LATER = 200_000_000L;

  private static void data(EndpointHarness h, long seq, long tsVal) {
    h.deliver(new TcpSegment(seq, 0, TcpSegment.ACK, 1 << 20, 12, List.of(), tsVal, 1), LEN);
  }

  /** Two segments in order, each acknowledged: rcv_nxt and rcv_wup at 2000, ts_recent 21. */
  private static EndpointHarness received() {
    EndpointHarness h = new EndpointHarness(Map.of()).established();
    data(h, 0, 20);
    h.advanceTo(h.context.now() + LATER);
    data(h, LEN, 21);
    h.advanceTo(h.context.now() + LATER);
    return h;
  }

  @Test
  void aNeedlessRetransmissionIsDsackedWithoutMovingTsRecent() {
    EndpointHarness h = received();
    int before = h.packetsSent();
    // Segment 0 again, retransmitted at timestamp 30: it ends before rcv_wup.
    data(h, 0, 30);
    List<Packet> answer = h.context.host().sent().subList(before, h.packetsSent());
    assertThat(answer).hasSize(1);
    assertThat(answer.get(0).tcp().sack()).containsExactly(new SackBlock(0, LEN));
    assertThat(h.counter("TcpExtDelayedACKLost")).isEqualTo(1);
    // An original sent before that retransmission (timestamp 22) arrives above a hole: ts_recent
    // is still 21, so PAWS lets it in.
    data(h, 3L * LEN, 22);
    assertThat(h.counter("TcpExtPAWSEstab")).isZero();
    assertThat(h.counter("TcpExtTCPOFOQueue")).isEqualTo(1);
  }

  @Test
  void aRetransmissionReachingRcvWupStillMovesTsRecent() {
    EndpointHarness h = received();
    // Segment 1 again: it ends at rcv_wup, not before, so tcp_ack replaces ts_recent with 30.
    data(h, LEN, 30);
    data(h, 3L * LEN, 22);
    assertThat(h.counter("TcpExtPAWSEstab")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPOFOQueue")).isZero();
  }
}
