package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Linux's one retransmission timer ({@code icsk_retransmit_timer}, with {@code icsk_pending} naming
 * the RTO, the loss probe or RACK's reorder timeout), placed segment by segment: what takes it from
 * what, and where the RTO then counts from. Timestamps and loss probes are off; the handshake's RTT
 * is 10 ms, so the RTO is about 210 ticks at HZ=1000 and runs on the timer wheel's second level
 * (8-tick granules, {@link JiffiesTest}).
 */
class OneTimerTest {
  private static final int MSS = 1460;
  private static final long MS = 1_000_000L;
  private static final long STEP = 100_000L;

  private static EndpointHarness sender(String kernel) {
    return sender(kernel, "kernel");
  }

  private static EndpointHarness sender(String kernel, String xmitTimer) {
    Map<String, String> sysctls = new HashMap<>();
    sysctls.put("bondsim.xmit_timer", xmitTimer);
    sysctls.put("bondsim.kernel", kernel);
    sysctls.put("net.ipv4.tcp_early_retrans", "0");
    sysctls.put("net.ipv4.tcp_timestamps", "0");
    return new EndpointHarness(sysctls).established(10 * MS);
  }

  /** Steps the clock by 0.1 ms until {@code counter} exceeds {@code value}; returns the instant. */
  private static long until(EndpointHarness h, String counter, long value, long limitNs) {
    long t = h.context.now();
    while (h.counter(counter) <= value) {
      t += STEP;
      assertThat(t).as("%s above %d", counter, value).isLessThan(limitNs);
      h.advanceTo(t);
    }
    return t;
  }

  /**
   * Reordering seen first (segment 0 arrives after 1), so that RACK keeps its window (min_rtt/4,
   * 2.5 ms) in recovery too. Segment 2 leaves at 20 ms, 3 and 4 at 25 ms; at 35 ms segment 4 is
   * SACKed (RTT 10 ms): 2 is 2.5 ms past 20 + 10 + 2.5 and goes again at once; 3 has 2.5 ms to go,
   * so RACK arms its reorder timeout, which takes the timer. Half a millisecond later the
   * cumulative ACK covers the retransmitted segment 2, too soon after its retransmission to tell
   * which copy arrived (tcp_rack_advance skips it under min_rtt): new data is acknowledged
   * (FLAG_SET_XMIT_TIMER) but RACK does not look again.
   *
   * @return the instant the connection was established
   */
  private static long ambiguousAckOverAPendingReorderTimeout(EndpointHarness h) {
    long t0 = h.context.now();
    h.write(2L * MSS);
    h.advanceTo(t0 + 10 * MS);
    h.ack(0, MSS, 2L * MSS);
    h.advanceTo(t0 + 10 * MS + 200_000);
    h.ack(2L * MSS);
    h.advanceTo(t0 + 20 * MS);
    h.write(MSS);
    h.advanceTo(t0 + 25 * MS);
    h.write(2L * MSS);
    h.advanceTo(t0 + 35 * MS);
    h.ack(2L * MSS, 4L * MSS, 5L * MSS);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
    h.advanceTo(t0 + 35 * MS + 500_000);
    h.ack(3L * MSS, 4L * MSS, 5L * MSS);
    return t0;
  }

  /**
   * 0..3 leave at t0; at 10 ms 3 is SACKed: 0..2 have RACK's window, 2.5 ms, to go, and the reorder
   * timeout (plus TCP_TIMEOUT_MIN_US, 2 ms: 4.5 ms, 5 ticks, run a tick late by the wheel) takes
   * the timer from the RTO that the first transmission armed.
   *
   * @return the instant the connection was established
   */
  private static long sackAboveThreeHoles(EndpointHarness h) {
    long t0 = h.context.now();
    h.write(4L * MSS);
    h.advanceTo(t0 + 10 * MS);
    h.ack(0, 3L * MSS, 4L * MSS);
    return t0;
  }

  @Test
  void anAckOfNewDataThatRackDoesNotActOnTakesTheTimerFromThePendingReorderTimeout() {
    EndpointHarness h = sender("6.x");
    long t0 = ambiguousAckOverAPendingReorderTimeout(h);
    // tcp_set_xmit_timer gives the timer to the RTO, and segment 3 waits for it.
    h.advanceTo(t0 + 100 * MS);
    assertThat(h.counter("TcpRetransSegs")).as("no reorder timeout at ~40 ms").isEqualTo(1);
    // tcp_rearm_rto replacing a reorder timeout counts from the head's transmission: 25 ms plus
    // the RTO (211 ms by now) less the 35.5 ms gone is 200.5 ms, 201 ticks from tick 45 (t0 is 10
    // ms): expiry tick 246, run on the next 8-tick granule, 248, which is t0 + 238 ms. From now it
    // would expire on tick 256 and run a granule on, t0 + 254 ms.
    long timeout = until(h, "TcpExtTCPTimeouts", 0, t0 + 2000 * MS);
    assertThat(timeout - t0).isEqualTo(238 * MS);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(2);
  }

  @Test
  void theReorderTimeoutsRetransmissionOfTheHeadRestartsTheRto() {
    EndpointHarness h = sender("6.x");
    long t0 = sackAboveThreeHoles(h);
    long fired = until(h, "TcpRetransSegs", 0, t0 + 100 * MS);
    assertThat(fired - t0).isEqualTo(16 * MS);
    // The timeout marks 0..2 lost and resends the head; the RTO restarts from that resend (210
    // ticks from tick 26: expiry 236, run at 240), not from the first transmission (which would
    // be tick 220, run at 224, t0 + 214 ms).
    long timeout = until(h, "TcpExtTCPTimeouts", 0, t0 + 2000 * MS);
    assertThat(timeout - t0).isEqualTo(230 * MS);
  }

  @Test
  void separateTimersLetTheReorderTimeoutRunAndTheRtoKeepItsFirstStart() {
    // bondsim.xmit_timer separate, as bondsim ran before: the first scenario's segment 3 goes
    // when its reorder timeout runs (armed at 35 ms for 2.5 + 2 ms, tick 50 run at 51), and the
    // second scenario's RTO keeps the expiry its first transmission set (tick 220, run at 224).
    EndpointHarness h = sender("6.x", "separate");
    long t0 = ambiguousAckOverAPendingReorderTimeout(h);
    assertThat(until(h, "TcpRetransSegs", 1, t0 + 100 * MS) - t0).isEqualTo(41 * MS);

    EndpointHarness g = sender("6.x", "separate");
    long s0 = sackAboveThreeHoles(g);
    assertThat(until(g, "TcpExtTCPTimeouts", 0, s0 + 2000 * MS) - s0).isEqualTo(214 * MS);
  }
}
