package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * 3.16's early retransmit (RFC 5827, {@code tcp_time_to_recover}'s "Trick#6"): three segments out,
 * the first lost and the second SACKed, nothing more to send. The duplicate threshold (three
 * SACKed, or FACK's four) cannot be reached; early retransmit starts recovery anyway.
 */
class EarlyRetransmitTest {
  private static final int MSS = 1460; // no timestamps
  private static final long MS = 1_000_000L;

  /** A sender whose handshake measured 10 ms, with three segments out. */
  private static EndpointHarness threeOut(String kernel, String earlyRetrans) {
    EndpointHarness h =
        new EndpointHarness(
                Map.of(
                    "bondsim.kernel",
                    kernel,
                    "net.ipv4.tcp_timestamps",
                    "0",
                    "net.ipv4.tcp_recovery",
                    "0",
                    "net.ipv4.tcp_early_retrans",
                    earlyRetrans))
            .established(10 * MS);
    h.write(3L * MSS);
    return h;
  }

  @Test
  void withTcpEarlyRetrans1TheFirstSackStartsRecovery() {
    EndpointHarness h = threeOut("3.16", "1");
    h.ack(0, MSS, 2 * MSS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
    assertThat(h.dataSequencesSince(0)).containsExactly(0L, (long) MSS, 2L * MSS, 0L);
  }

  @Test
  void theDefaultWaitsAQuarterOfSrttButAtLeastTwoMilliseconds() {
    // tcp_early_retrans 3: max(usecs_to_jiffies(srtt / 4), msecs_to_jiffies(2)) = 3 ticks at HZ
    // 1000, counted from the tick the SACK came in: srtt is 8.75 ms once the SACK's own sample
    // (0 ms, sack_rtt_us) joined the handshake's 10 ms, a quarter 2.19 ms, rounded up.
    EndpointHarness h = threeOut("3.16", "3");
    long sackAt = h.context.now();
    h.ack(0, MSS, 2 * MSS);
    h.advanceTo(sackAt + 2 * MS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isZero();
    h.advanceTo(sackAt + 3 * MS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
  }

  @Test
  void anAckDuringTheWaitCancelsItAndTheNextDuplicateLooksAgain() {
    EndpointHarness h = threeOut("3.16", "3");
    long start = h.context.now();
    // The first wait would end at 3 ms (as above).
    h.ack(0, MSS, 2 * MSS);
    h.advanceTo(start + 2 * MS);
    // The third segment SACKed too, 2 ms after it left: srtt 7.91 ms, a wait of 2 ticks that
    // starts over from here.
    h.ack(0, MSS, 3 * MSS);
    h.advanceTo(start + 3 * MS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isZero();
    h.advanceTo(start + 4 * MS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
  }

  @Test
  void anAckOfEverythingEndsTheWaitWithNothingToRecover() {
    EndpointHarness h = threeOut("3.16", "3");
    long start = h.context.now();
    h.ack(0, MSS, 2 * MSS);
    // Everything arrives: the queue empties during the wait.
    h.ack(3L * MSS);
    h.advanceTo(start + 20 * MS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isZero();
    assertThat(h.counter("TcpRetransSegs")).isZero();
  }

  @Test
  void measuredReorderingTurnsItOffForGood() {
    for (boolean reordered : new boolean[] {true, false}) {
      EndpointHarness h = threeOut("3.16", "3");
      long start = h.context.now();
      if (reordered) {
        // Segment 1 SACKed (the wait starts), then 0 arrives after all, never retransmitted: the
        // cumulative ACK proves reordering (tcp_clean_rtx_queue's tcp_update_reordering).
        h.ack(0, MSS, 2 * MSS);
      }
      h.ack(2L * MSS);
      // Segments 2 and 3 out, 3 SACKed: early retransmit qualifies, unless it was turned off.
      h.write(MSS);
      h.ack(2L * MSS, 3L * MSS, 4L * MSS);
      h.advanceTo(start + 20 * MS);
      assertThat(h.counter("TcpExtTCPSackRecovery"))
          .as("reordered %s", reordered)
          .isEqualTo(reordered ? 0 : 1);
    }
  }

  @Test
  void sixXAndTwoSixThirtySevenHaveNone() {
    for (String kernel : new String[] {"6.x", "2.6.37"}) {
      EndpointHarness h = threeOut(kernel, "1");
      h.ack(0, MSS, 2 * MSS);
      assertThat(h.counter("TcpExtTCPSackRecovery")).as(kernel).isZero();
    }
  }
}
