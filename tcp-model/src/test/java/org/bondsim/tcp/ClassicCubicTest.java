package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * 2.6.37's CUBIC ({@code bictcp_update}, {@code bictcp_acked}, {@code bictcp_undo_cwnd}, {@code
 * tcp_cong_avoid_ai}) on hand-made ACK sequences, with the numbers worked out from that tree.
 */
class ClassicCubicTest {
  private static final long MS = 1_000_000L;

  private static ClassicCubic cubic() {
    return new ClassicCubic(
        new Jiffies(1000), new ClassicHyStart(3, new Jiffies(1000), false), false);
  }

  /** {@code acks} ACKs of {@code packetsPerAck} each, {@code gapMs} apart from {@code start}. */
  private static int ackRun(
      ClassicCubic cubic, int cwnd, int acks, int packetsPerAck, long gapMs, long start) {
    int window = cwnd;
    for (int i = 0; i < acks; i++) {
      long now = start + i * gapMs * MS;
      cubic.acked(packetsPerAck, -1, true, now);
      window = cubic.congestionAvoidance(window, 1, now);
    }
    return window;
  }

  /** A connection that lost at cwnd 100 and resumes at 70: the curve climbs back toward 100. */
  private static ClassicCubic afterLossAt100() {
    ClassicCubic cubic = cubic();
    cubic.ssthreshAfterLoss(100);
    cubic.onLoss();
    return cubic;
  }

  @Test
  void aFlowAboveItsLastMaximumGrowsOncePerCntPlusOneAcks() {
    // No loss yet: K = 0 and the origin is cwnd, so at t = 0 the target is cwnd and cnt = 100 x
    // cwnd; the Reno estimate overtakes at the 15th ACK (cwnd 8: 8 x 15 / 8 = 15 ACKs per packet).
    ClassicCubic cubic = cubic();
    int cwnd = 8;
    long now = 10_000 * MS;
    for (int i = 0; i < 16; i++) {
      cwnd = cubic.congestionAvoidance(cwnd, 1, now);
    }
    assertThat(cwnd).as("16 ACKs within one tick: cnt is still 800").isEqualTo(8);
    // The 17th ACK, 32 ticks later (HZ/32 has passed): ack_cnt 17 > 15 puts the Reno estimate at
    // 9, so cnt = 8 / (9 - 8) = 8, and tcp_cong_avoid_ai adds one after 8 more ACKs than it has
    // counted: snd_cwnd_cnt reached 16 >= 8 on this ACK already.
    cwnd = cubic.congestionAvoidance(cwnd, 1, now + 32 * MS);
    assertThat(cwnd).isEqualTo(9);
  }

  @Test
  void fewerAcksCarryingMorePacketsGrowTheWindowAsFastPerPacket() {
    // delayed_ack follows the packets per ACK: with 4 packets an ACK, cnt is divided by 4, so a
    // quarter as many ACKs over the same time grow cwnd about as much as one ACK per packet does.
    ClassicCubic onePerAck = afterLossAt100();
    ClassicCubic fourPerAck = afterLossAt100();
    long start = 10_000 * MS;
    // Settle the ratio first (an EWMA of gain 1/16), without growing.
    for (int i = 0; i < 200; i++) {
      fourPerAck.acked(4, -1, true, start);
      onePerAck.acked(1, -1, true, start);
    }
    int grownByOne = ackRun(onePerAck, 70, 2000, 1, 1, start) - 70;
    int grownByFour = ackRun(fourPerAck, 70, 500, 4, 4, start) - 70;
    assertThat(grownByOne).isGreaterThan(10);
    assertThat(grownByFour).isBetween(grownByOne * 3 / 4, grownByOne);
    // The same 500 ACKs with the ratio left at its start (2 packets an ACK) grow it less.
    ClassicCubic unscaled = afterLossAt100();
    int grownUnscaled = 70;
    for (int i = 0; i < 500; i++) {
      grownUnscaled = unscaled.congestionAvoidance(grownUnscaled, 1, start + 4 * i * MS);
    }
    assertThat(grownByFour).isGreaterThan(grownUnscaled - 70);
  }

  @Test
  void outsideOpenTheAckRatioIsNotUpdated() {
    ClassicCubic inRecovery = afterLossAt100();
    ClassicCubic open = afterLossAt100();
    for (int i = 0; i < 100; i++) {
      inRecovery.acked(8, -1, false, 0);
      open.acked(8, -1, true, 0);
    }
    // Same curve, same ACKs: only the ratio differs (2 against 8 packets an ACK), and with it cnt.
    int a = 70;
    int b = 70;
    for (int i = 0; i < 40; i++) {
      long now = (1000 + 40L * i) * MS;
      a = inRecovery.congestionAvoidance(a, 1, now);
      b = open.congestionAvoidance(b, 1, now);
    }
    assertThat(b).isGreaterThan(a);
  }

  @Test
  void undoRestoresTheLastMaximumAfterFastConvergenceAndNothingAfterAnRto() {
    ClassicCubic cubic = cubic();
    assertThat(cubic.ssthreshAfterLoss(100)).isEqualTo(70);
    assertThat(cubic.undoCwnd(70, 100)).as("W_max 100").isEqualTo(100);
    // A second loss below W_max: fast convergence sets W_max to 80 x 1741 / 2048 = 68.
    assertThat(cubic.ssthreshAfterLoss(80)).isEqualTo(56);
    assertThat(cubic.undoCwnd(56, 80)).isEqualTo(68);
    // An RTO's bictcp_reset forgets W_max: the undo keeps the current window.
    cubic.onLossState(0, 0);
    assertThat(cubic.undoCwnd(3, 80)).isEqualTo(3);
  }

  @Test
  void delayMinComesFromWholeTicksOfTheNewestReleasedSegment() {
    // t = (now + delay_min / 8 - epoch_start) << 10 / HZ: a 5-tick delay_min moves the curve 5 ms.
    ClassicCubic withDelay = cubic();
    ClassicCubic subTick = cubic();
    for (ClassicCubic c : new ClassicCubic[] {withDelay, subTick}) {
      c.ssthreshAfterLoss(200);
      c.onLoss();
    }
    long now = 10_000 * MS;
    withDelay.acked(2, now - 5 * MS, true, now);
    // Sent within the same tick: ca_seq_rtt is 0, no sample.
    subTick.acked(2, now - MS / 2, true, now);
    int a = 140;
    int b = 140;
    for (int i = 0; i < 3000; i++) {
      long at = now + i * MS;
      a = withDelay.congestionAvoidance(a, 1, at);
      b = subTick.congestionAvoidance(b, 1, at);
    }
    assertThat(a).isGreaterThanOrEqualTo(b);
    assertThat(a).isGreaterThan(140);
  }

  private static ClassicCubic linux316() {
    return new ClassicCubic(new Jiffies(250), new ClassicHyStart(3, new Jiffies(250), true), true);
  }

  @Test
  void linux316TakesDelaySamplesInMillisecondsTimesEightFromMicroseconds() {
    ClassicCubic cubic = linux316();
    // Halfway through a tick, so that 300 us earlier is the same tick.
    long now = 10_000 * MS + MS / 2;
    // 300 us: 300 x 8 / 1000 = 2 (ms x 8), where 2.6.37 sees no tick pass.
    assertThat(cubic.acked(2, now - 300_000L, true, now)).isEqualTo(2);
    // 100 us rounds to 0, taken as 1.
    assertThat(cubic.acked(2, now - 100_000L, true, now)).isEqualTo(1);
    // 2.6.37 counts whole ticks: none passed.
    assertThat(cubic().acked(2, now - 300_000L, true, now)).isZero();
  }

  @Test
  void linux316UndoRestoresTheWindowAtTheLastReduction() {
    ClassicCubic cubic = linux316();
    cubic.ssthreshAfterLoss(100);
    cubic.ssthreshAfterLoss(80);
    // loss_cwnd is the window the reduction started from, not fast convergence's W_max (68).
    assertThat(cubic.undoCwnd(56, 80)).isEqualTo(80);
    cubic.onLossState(0, 0);
    assertThat(cubic.undoCwnd(3, 80)).isEqualTo(80);
  }
}
