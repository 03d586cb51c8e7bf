package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** 6.17's CUBIC ({@code bictcp_update}, {@code tcp_cong_avoid_ai}) on hand-made ACK sequences. */
class CubicTest {
  private static final long MS = 1_000_000L;

  @Test
  void afterAnRtoTheWindowGrowsOnePacketPerTwentyAcksAsLinuxsOwnTestExpects() {
    // Linux's cubic-rto-ss-ca-cwnd-bump.pkt: an RTO at cwnd 10, slow start back to ssthresh 7,
    // then one ACK per packet, in rounds of 100 ms (2 ms apart, a 98 ms gap between rounds).
    Cubic cubic = new Cubic(new Jiffies(1000), new HyStart(3, new TcpCounters()));
    assertThat(cubic.ssthreshAfterLoss(10)).isEqualTo(7);
    cubic.onLossState(1000 * MS, 0); // bictcp_reset: W_max forgotten, so at most 20 ACKs per packet
    int cwnd = 7;
    long now = 1000 * MS;
    long[] gapsMs = {0, 98, 2, 2, 2, 2, 2, 2, 98};
    for (long gap : gapsMs) {
      now += gap * MS;
      cwnd = cubic.congestionAvoidance(cwnd, 1, now);
    }
    assertThat(cwnd).as("after the ACK of 16001").isEqualTo(7);
    long[] moreMs = {2, 2, 2, 2, 2, 2, 98};
    for (long gap : moreMs) {
      now += gap * MS;
      cwnd = cubic.congestionAvoidance(cwnd, 1, now);
    }
    assertThat(cwnd).as("after the ACK of 23001").isEqualTo(8);
  }

  @Test
  void withoutTheResetTheOldMaximumPullsTheWindowUpFaster() {
    Cubic cubic = new Cubic(new Jiffies(1000), new HyStart(3, new TcpCounters()));
    cubic.ssthreshAfterLoss(10);
    int cwnd = 7;
    long now = 1000 * MS;
    // delay_min 100 ms (cubictcp_acked): t runs 100 ms ahead of the epoch's clock.
    AckSample sample = new AckSample();
    sample.reset(1, 0);
    sample.caRttNs = 100 * MS;
    assertThat(cubic.onPacketsAcked(sample, sample.sndUna(), cwnd, 7, true, now)).isFalse();
    for (int i = 0; i < 16; i++) {
      now += (i % 7 == 0 ? 98 : 2) * MS;
      cwnd = cubic.congestionAvoidance(cwnd, 1, now);
    }
    // W_max 10 puts K at cbrt(10 x 0.3 / 0.4) = 1.96 s: the curve is steep this far below it.
    assertThat(cwnd).isGreaterThan(8);
  }

  @Test
  void theCubeRootIsExactAndRoundsDown() {
    assertThat(Cubic.cubeRoot(0)).isZero();
    assertThat(Cubic.cubeRoot(26)).isEqualTo(2);
    assertThat(Cubic.cubeRoot(27)).isEqualTo(3);
    assertThat(Cubic.cubeRoot(1L << 60)).isEqualTo(1L << 20);
    assertThat(Cubic.cubeRoot((1L << 60) - 1)).isEqualTo((1L << 20) - 1);
  }
}
