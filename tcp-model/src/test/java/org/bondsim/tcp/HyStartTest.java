package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * HyStart's two detectors on hand-made ACK sequences: 6.x's ({@link HyStart}, microseconds) with
 * the numbers of Linux's {@code cubic-hystart-delay-*.pkt} tests, and 2.6.37's ({@link
 * ClassicHyStart}, jiffies).
 */
class HyStartTest {
  private static final long MS = 1_000_000L;

  private static final long MS_US = 1000;

  /** An ACK that advanced snd_una to {@code sndUna}, with snd_nxt at {@code sndNxt}. */
  private static AckSample ack(long sndUna, long sndNxt, long pacingRate) {
    AckSample sample = new AckSample();
    sample.reset(sndUna, 0);
    sample.advanced = true;
    sample.sndNxt = sndNxt;
    sample.pacingRate = pacingRate;
    return sample;
  }

  @Test
  void delayDetectorChecksFromTheNinthSampleAsCubicHystartDelayRttJumpsUpward() {
    // The packetdrill test: min RTT 200 ms, a round whose samples are 240, 241, ... ms, 1 ms apart.
    TcpCounters counters = new TcpCounters();
    HyStart hyStart = new HyStart(HyStart.DELAY, counters);
    long now = 640 * MS_US;
    int cwnd = 20;
    for (int i = 0; i < 8; i++) {
      boolean exit =
          hyStart.update(
              ack(12001 + 2000L * i, 30001, 0), (240 + i) * MS_US, 200 * MS_US, cwnd, now);
      assertThat(exit).as("sample %d", i + 1).isFalse();
      cwnd += 2;
      now += MS_US;
    }
    // The ninth: 240 ms > 200 ms + clamp(200/8 = 25 ms, 4, 16) = 216 ms.
    assertThat(hyStart.update(ack(28001, 30001, 0), 248 * MS_US, 200 * MS_US, cwnd, now)).isTrue();
    assertThat(counters.all())
        .containsEntry("TcpExtTCPHystartDelayDetect", 1L)
        .containsEntry("TcpExtTCPHystartDelayCwnd", 36L)
        .containsEntry("TcpExtTCPHystartTrainDetect", 0L);
  }

  @Test
  void aLaterLowSampleLowersTheRoundsMinimumAsCubicHystartDelayMinRttJumpsDownward() {
    // The 2020 fix (b344579ca847): samples after the eighth still lower curr_rtt.
    HyStart hyStart = new HyStart(HyStart.DELAY, new TcpCounters());
    long now = 0;
    for (int i = 0; i < 8; i++) {
      assertThat(hyStart.update(ack(100 + i, 1000, 0), (220 + i) * MS_US, 200 * MS_US, 22, now))
          .isFalse();
      now += MS_US;
    }
    // 29 ms: a new minimum; the round's least is now far below delay_min + 16 ms.
    assertThat(hyStart.update(ack(120, 1000, 0), 29 * MS_US, 29 * MS_US, 40, now)).isFalse();
  }

  @Test
  void ackTrainEndsSlowStartOnceTheTrainOutlastsHalfTheMinimumDelayAndTheCushion() {
    TcpCounters counters = new TcpCounters();
    HyStart hyStart = new HyStart(HyStart.ACK_TRAIN, counters);
    // 4 x 64 KB at 524,288,000 B/s is 500 us of cushion; delay_min 300 us: (300 + 500) / 2.
    long rate = 524_288_000L;
    assertThat(HyStart.ackDelayUs(rate)).isEqualTo(500);
    long start = 1_000_000;
    hyStart.update(ack(1, 100_000, rate), 300, 300, 32, start); // opens the round
    assertThat(hyStart.update(ack(2, 100_000, rate), 300, 300, 32, start + 400)).isFalse();
    assertThat(hyStart.update(ack(3, 100_000, rate), 300, 300, 32, start + 401)).isTrue();
    assertThat(counters.all())
        .containsEntry("TcpExtTCPHystartTrainDetect", 1L)
        .containsEntry("TcpExtTCPHystartTrainCwnd", 32L);
    assertThat(HyStart.ackDelayUs(1)).as("capped at 1 ms").isEqualTo(1000);
    assertThat(HyStart.ackDelayUs(0)).as("no rate yet").isZero();
  }

  @Test
  void aGapOfMoreThanTwoMillisecondsBreaksTheTrainAndANewRoundRestartsIt() {
    HyStart hyStart = new HyStart(HyStart.ACK_TRAIN, new TcpCounters());
    long start = 0;
    hyStart.update(ack(1, 100, 0), 300, 300, 32, start);
    // 2.5 ms later: not part of the train, so the round's length does not count.
    assertThat(hyStart.update(ack(2, 100, 0), 300, 300, 32, start + 2500)).isFalse();
    // snd_una passes 100: a new round starts at this ACK; 100 us into it is not past 150 us.
    assertThat(hyStart.update(ack(101, 200, 0), 300, 300, 32, start + 2600)).isFalse();
    assertThat(hyStart.update(ack(102, 200, 0), 300, 300, 32, start + 2700)).isFalse();
    assertThat(hyStart.update(ack(103, 200, 0), 300, 300, 32, start + 2751)).isTrue();
  }

  @Test
  void belowSixteenPacketsNothingIsDetectedButRoundsStillTurn() {
    HyStart hyStart = new HyStart(HyStart.ACK_TRAIN | HyStart.DELAY, new TcpCounters());
    assertThat(hyStart.update(ack(1, 100, 0), 300, 300, 15, 0)).isFalse();
    assertThat(hyStart.update(ack(2, 100, 0), 300, 300, 15, 10_000)).isFalse();
    // The round opened at the first ACK; a window of 16 at 10.1 ms finds a 2 ms train broken.
    assertThat(hyStart.update(ack(3, 100, 0), 300, 300, 16, 10_100)).isFalse();
  }

  @Test
  void linux2637EndsSlowStartAtTheFirstTickCrossingSampleOnAPathShorterThanATick() {
    Jiffies hz = new Jiffies(1000);
    ClassicHyStart hyStart = new ClassicHyStart(HyStart.ACK_TRAIN | HyStart.DELAY, hz, false);
    hyStart.reset(5000 * MS, 100);
    // One tick of delay (8 in jiffies x 8): delay_min >> 4 is 0, so the train is long enough at
    // once; below a window of 16 nothing happens.
    assertThat(hyStart.update(8, 8, 15, 5000 * MS)).isFalse();
    assertThat(hyStart.update(8, 8, 16, 5001 * MS)).isTrue();
    // Found stays found until an RTO's reset.
    assertThat(hyStart.update(8, 8, 17, 5001 * MS)).isFalse();
    hyStart.clearFound();
    hyStart.reset(6000 * MS, 500);
    assertThat(hyStart.update(8, 8, 20, 6000 * MS)).isTrue();
  }

  @Test
  void linux2637OnALongerPathWaitsHalfTheMinimumDelayInWholeTicks() {
    ClassicHyStart hyStart = new ClassicHyStart(HyStart.ACK_TRAIN, new Jiffies(1000), false);
    hyStart.reset(1000 * MS, 100);
    // delay_min 5 ticks (40): the round must last 40 >> 4 = 2 ticks.
    assertThat(hyStart.update(40, 40, 32, 1001 * MS)).isFalse();
    assertThat(hyStart.update(40, 40, 32, 1002 * MS)).isTrue();
    // bictcp_cong_avoid restarts the round only once the ACK passes its end.
    assertThat(hyStart.roundEnds(100)).isFalse();
    assertThat(hyStart.roundEnds(101)).isTrue();
    assertThat(new ClassicHyStart(0, new Jiffies(1000), false).roundEnds(101))
        .as("hystart 0")
        .isFalse();
  }

  @Test
  void linux2637DelayDetectorKeepsTheFirstEightSamplesMinimum() {
    ClassicHyStart hyStart = new ClassicHyStart(HyStart.DELAY, new Jiffies(1000), false);
    hyStart.reset(0 * MS, 100);
    for (int i = 0; i < 8; i++) {
      assertThat(hyStart.update(8 * 30, 8 * 20, 32, i * MS)).isFalse(); // 30 ticks against 20
    }
    // 240 > 160 + clamp(160 >> 4 = 10, 16, 128) = 176: the ninth sample ends slow start, even
    // though it is low itself (2.6.37 stops taking samples after eight).
    assertThat(hyStart.update(8 * 20, 8 * 20, 32, 9 * MS)).isTrue();
  }

  @Test
  void linux316TakesSubTickSamplesOnAMillisecondClockAndNeedsALongerTrain() {
    // At HZ=250 3.16 still counts HyStart's train in milliseconds (bictcp_clock).
    ClassicHyStart hyStart = new ClassicHyStart(HyStart.ACK_TRAIN, new Jiffies(250), true);
    hyStart.reset(1000 * MS, 100);
    // delay_min 16 (2 ms x 8): the train must last more than 16 >> 4 = 1 ms.
    assertThat(hyStart.update(16, 16, 32, 1001 * MS)).isFalse();
    assertThat(hyStart.update(16, 16, 32, 1002 * MS)).isTrue();
  }

  @Test
  void linux316FloorsTheDelayThresholdAtFourMilliseconds() {
    ClassicHyStart hyStart = new ClassicHyStart(HyStart.DELAY, new Jiffies(1000), true);
    hyStart.reset(0, 100);
    for (int i = 0; i < 8; i++) {
      assertThat(hyStart.update(8 * 23, 8 * 20, 32, i * MS)).isFalse();
    }
    // 184 is above 160 + 16 (2.6.37's floor) but not above 160 + 32 (3.16's HYSTART_DELAY_MIN).
    assertThat(hyStart.update(8 * 23, 8 * 20, 32, 9 * MS)).isFalse();
    ClassicHyStart older = new ClassicHyStart(HyStart.DELAY, new Jiffies(1000), false);
    older.reset(0, 100);
    for (int i = 0; i < 8; i++) {
      older.update(8 * 23, 8 * 20, 32, i * MS);
    }
    assertThat(older.update(8 * 23, 8 * 20, 32, 9 * MS)).isTrue();
  }
}
