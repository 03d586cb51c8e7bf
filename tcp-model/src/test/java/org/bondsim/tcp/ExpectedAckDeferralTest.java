package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.tcp.ExpectedAckDeferral.Verdict;
import org.junit.jupiter.api.Test;

/**
 * 6.x's tcp_tso_should_defer, one decision at a time: MSS 1448, cwnd 60, srtt 8 ms, a size goal of
 * 9 segments, a 20-segment skb at the tail of the queue, the last send 0.2 ms ago and the
 * retransmit queue's head sent 7.5 ms ago (its ACK due in 0.5 ms, within min(1 ms, srtt/2)).
 */
class ExpectedAckDeferralTest {
  private static final int MSS = 1448;
  private static final long MS = 1_000_000L;
  private static final long NOW = 100 * MS;
  private static final long BIG = 10_000_000L;

  private final ExpectedAckDeferral deferral = new ExpectedAckDeferral();

  private Verdict ask(int inFlight) {
    return ask(inFlight, BIG, NOW - 7_500_000L, NOW - 200_000L, true);
  }

  private Verdict ask(
      int inFlight, long sendWindow, long headSentNs, long lastXmitNs, boolean lastInQueue) {
    return deferral.judge(
        NOW,
        false,
        lastXmitNs,
        MSS,
        60,
        inFlight,
        sendWindow,
        BIG,
        9,
        20L * MSS,
        lastInQueue,
        false,
        headSentNs,
        8 * MS);
  }

  @Test
  void cwndTooSmallForTheSkbWaitsForTheDueAckAndCountsAsCwndLimited() {
    // 8 free segments: less than the size goal (9) and than a third of cwnd (20).
    assertThat(ask(52)).isEqualTo(Verdict.DEFER_CWND_LIMITED);
    assertThat(deferral.deferrals()).isEqualTo(1);
  }

  @Test
  void theFullSizeGoalOrAThirdOfTheWindowGoesAtOnce() {
    assertThat(ask(51)).as("9 free: the size goal fits").isEqualTo(Verdict.SEND);
  }

  @Test
  void anAckDueLaterThanMinOfOneMsAndHalfTheRttDoesNotWaitForIt() {
    // The head went 6.5 ms ago: its ACK is due in 1.5 ms, past the 1 ms threshold.
    assertThat(ask(52, BIG, NOW - 6_500_000L, NOW - 200_000L, true)).isEqualTo(Verdict.SEND);
    assertThat(ask(52, BIG, -1, NOW - 200_000L, true))
        .as("nothing in flight")
        .isEqualTo(Verdict.SEND);
  }

  @Test
  void nothingSentForOneMsSendsAtOnce() {
    assertThat(ask(52, BIG, NOW - 7_500_000L, NOW - 1_200_000L, true)).isEqualTo(Verdict.SEND);
  }

  @Test
  void aMiddleSkbThatFitsWholeGoes() {
    // An skb of 8 segments behind which more is queued, 8 free: sent whole.
    Verdict verdict =
        deferral.judge(
            NOW,
            false,
            NOW - 200_000L,
            MSS,
            60,
            52,
            BIG,
            BIG,
            9,
            8L * MSS,
            false,
            false,
            NOW - 7_500_000L,
            8 * MS);
    assertThat(verdict).isEqualTo(Verdict.SEND);
  }

  @Test
  void thePeersWindowIsTheLimitWhenItIsSmaller() {
    // 8 free in cwnd but the peer's window leaves 5 segments: rwnd-limited, not cwnd-limited.
    assertThat(ask(52, 5L * MSS, NOW - 7_500_000L, NOW - 200_000L, true)).isEqualTo(Verdict.DEFER);
  }

  @Test
  void recoveryNeverDefers() {
    Verdict verdict =
        deferral.judge(
            NOW,
            true,
            NOW - 200_000L,
            MSS,
            60,
            52,
            BIG,
            BIG,
            9,
            20L * MSS,
            true,
            false,
            NOW - 7_500_000L,
            8 * MS);
    assertThat(verdict).isEqualTo(Verdict.SEND);
  }
}
