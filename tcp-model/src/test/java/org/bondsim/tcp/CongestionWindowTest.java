package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tcp_is_cwnd_limited}: when an ACK may grow the window. */
class CongestionWindowTest {
  private static CongestionWindow window(String kernel) {
    return TestWindows.of(new ManualContext(1500, Map.of("bondsim.kernel", kernel)));
  }

  private static final ReorderingEstimator DEFAULT_REORDERING = reordering("3");

  private static ReorderingEstimator reordering(String sysctl) {
    return new ReorderingEstimator(
        TcpSettings.of(
            new ManualContext(
                1500, Map.of("bondsim.kernel", "2.6.37", "net.ipv4.tcp_reordering", sysctl))),
        new TcpCounters());
  }

  private static AckSample acking(int packets) {
    AckSample sample = new AckSample();
    sample.advanced = true;
    sample.acked = packets;
    sample.newlyDelivered = packets;
    return sample;
  }

  private static AckSample sacking(int packets) {
    AckSample sample = new AckSample();
    sample.newlySacked = packets;
    sample.newlyDelivered = packets;
    return sample;
  }

  @Test
  void slowStartGrowsAFlowThatUsedHalfTheWindowWithoutWaitingForIt() {
    CongestionWindow w = window("6.x");
    // Ten segments sent, the whole window, and no more data waiting: not "limited" in the
    // old sense, but cwnd 10 < 2 x 10 packets out, so slow start grows by what is ACKed.
    w.validate(false, 10, 0, 10_000);
    w.grow(acking(2), DEFAULT_REORDERING, 1448);
    assertThat(w.cwnd).isEqualTo(12);
  }

  @Test
  void aFlowThatUsedLessThanHalfTheWindowDoesNotGrow() {
    CongestionWindow w = window("6.x");
    w.validate(false, 4, 0, 4_000);
    w.grow(acking(2), DEFAULT_REORDERING, 1448);
    assertThat(w.cwnd).isEqualTo(10);
  }

  @Test
  void aWindowThatStoppedDataGrowsAsBefore() {
    CongestionWindow w = window("6.x");
    w.validate(true, 1, 0, 1_000);
    w.grow(acking(1), DEFAULT_REORDERING, 1448);
    assertThat(w.cwnd).isEqualTo(11);
  }

  @Test
  void onceTheWindowWasTheLimitItStaysSoForTheWindowOfDataThenInFlight() {
    CongestionWindow w = window("6.x");
    w.ssthresh = 5;
    // cwnd 10 filled with segments up to 10_000: every ACK before snd_una reaches 10_000 may grow
    // it (tcp_is_cwnd_limited reads the sticky is_cwnd_limited), though later sends fill less.
    w.validate(true, 10, 0, 10_000);
    w.validate(false, 3, 5_000, 12_000);
    int before = w.cwnd;
    for (int i = 0; i < 40; i++) {
      w.grow(acking(1), DEFAULT_REORDERING, 1448);
    }
    assertThat(w.cwnd).as("congestion avoidance went on growing").isGreaterThan(before);
    // snd_una passed 10_000 and the window was not the limit then: no more growth.
    w.validate(false, 3, 10_000, 14_000);
    int after = w.cwnd;
    for (int i = 0; i < 40; i++) {
      w.grow(acking(1), DEFAULT_REORDERING, 1448);
    }
    assertThat(w.cwnd).isEqualTo(after);
  }

  /** The window after {@code sample}, which found {@code priorInFlight} segments in flight. */
  private static int afterAck(
      CongestionWindow w, AckSample sample, int priorInFlight, ReorderingEstimator reordering) {
    sample.priorInFlight = priorInFlight;
    w.grow(sample, reordering, 1448);
    return w.cwnd;
  }

  @Test
  void twoSixThirtySevenGrowsByOnePerAckOfNewDataWhenTheWindowWasFull() {
    assertThat(afterAck(window("2.6.37"), acking(2), 3, DEFAULT_REORDERING))
        .as("tcp_slow_start: one per ACK, not per segment")
        .isEqualTo(4);
  }

  @Test
  void twoSixThirtySevenDoesNotGrowOnSacksAlone() {
    // tcp_ack calls tcp_cong_avoid only with FLAG_DATA_ACKED, whatever the reordering level.
    assertThat(afterAck(window("2.6.37"), sacking(2), 3, reordering("100"))).isEqualTo(3);
  }

  @Test
  void twoSixThirtySevenCountsTheWindowFullWithinOneBurstOfTheReorderingLevel() {
    // tcp_is_cwnd_limited(prior_in_flight): 20 - 10 = 10 free is more than tcp_max_burst (3), so
    // not limited; with tp->reordering 30 it is.
    CongestionWindow w = window("2.6.37");
    w.cwnd = 20;
    assertThat(afterAck(w, acking(1), 10, DEFAULT_REORDERING)).isEqualTo(20);
    assertThat(afterAck(w, acking(1), 10, reordering("30"))).isEqualTo(21);
  }

  /** cwnd 50 moderated with {@code inFlight} segments in flight and reordering 3. */
  private static int moderated(String kernel, int inFlight) {
    CongestionWindow w = window(kernel);
    w.cwnd = 50;
    w.moderate(inFlight, 3);
    return w.cwnd;
  }

  @Test
  void twoSixThirtySevenModeratesTheWindowToWhatIsInFlightPlusTheReorderingLevel() {
    assertThat(moderated("2.6.37", 20)).isEqualTo(23);
    assertThat(moderated("2.6.37", 48)).as("never raises it").isEqualTo(50);
    assertThat(moderated("6.x", 20)).as("6.17 has no tcp_moderate_cwnd").isEqualTo(50);
  }

  @Test
  void anIdleRestartHalvesPerRtoDownToTheInitialWindow() {
    CongestionWindow w = window("6.x");
    w.cwnd = 80;
    // 2.5 RTOs idle: 80 -> 40 -> 20 (the loop halves while the idle time left exceeds an RTO).
    w.restartAfterIdle(250, 100);
    assertThat(w.cwnd).isEqualTo(20);
    w.cwnd = 16;
    w.restartAfterIdle(10_000, 100);
    assertThat(w.cwnd).isEqualTo(10);
    w.cwnd = 6;
    w.restartAfterIdle(10_000, 100);
    assertThat(w.cwnd).as("below the initial window it stays").isEqualTo(6);
  }

  @Test
  void theFirstWindowFollowsTheKernelsRuleForTheMss() {
    // 2.6.37's tcp_init_cwnd takes rfc3390_bytes_to_packets: 4 up to 1095 bytes, 2 above 2190.
    CongestionWindow classic = window("2.6.37");
    classic.onEstablished(8948);
    assertThat(classic.cwnd).as("MTU 9000 with timestamps").isEqualTo(2);
    classic.onEstablished(1448);
    assertThat(classic.cwnd).as("MTU 1500 with timestamps").isEqualTo(3);
    classic.onEstablished(1095);
    assertThat(classic.cwnd).isEqualTo(4);
    classic.onEstablished(2191);
    assertThat(classic.cwnd).isEqualTo(2);
    // Since 2.6.39, TCP_INIT_CWND whatever the MSS.
    CongestionWindow current = window("6.x");
    current.onEstablished(8948);
    assertThat(current.cwnd).isEqualTo(10);
  }

  /** A cumulative ACK that released {@code released} segments, {@code delivered} of them new. */
  private static AckSample releasing(int released, int delivered) {
    AckSample sample = acking(delivered);
    sample.released = released;
    return sample;
  }

  @Test
  void linux316SlowStartsByThePacketsReleasedAndDropsWhatPassesSsthresh() {
    CongestionWindow w = window("3.16");
    w.validate(true, 10, 0, 10_000);
    // Five released, two of them SACKed before: 3.16's acked is prior packets_out minus the new.
    w.grow(releasing(5, 3), DEFAULT_REORDERING, 1448);
    assertThat(w.cwnd).isEqualTo(15);
    // At most ssthresh + 1, and what is left is not carried into congestion avoidance.
    w.ssthresh = 16;
    w.grow(releasing(6, 6), DEFAULT_REORDERING, 1448);
    assertThat(w.cwnd).isEqualTo(17);
    CongestionWindow later = window("6.x");
    later.validate(true, 10, 0, 10_000);
    later.grow(releasing(5, 3), DEFAULT_REORDERING, 1448);
    assertThat(later.cwnd).as("4.x and later count the packets delivered").isEqualTo(13);
  }

  @Test
  void linux316CongestionAvoidanceCountsAckNotPackets() {
    // Reno (tcp_cong_avoid_ai): cwnd 10 grows by one after ten counted ACKs, each releasing four.
    CongestionWindow w =
        TestWindows.of(
            new ManualContext(
                1500, Map.of("bondsim.kernel", "3.16", "net.ipv4.tcp_congestion_control", "reno")));
    w.ssthresh = 5;
    w.validate(true, 10, 0, 10_000);
    for (int i = 0; i < 9; i++) {
      w.grow(releasing(4, 4), DEFAULT_REORDERING, 1448);
    }
    assertThat(w.cwnd).isEqualTo(10);
    w.grow(releasing(4, 4), DEFAULT_REORDERING, 1448);
    assertThat(w.cwnd).isEqualTo(11);
  }
}
