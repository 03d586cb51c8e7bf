package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** 6.17's pacing rate and the TCP small queues limit it sets, with the kernels' caps. */
class PacingTest {
  private static final int MSS = 1448;
  private static final long US = 1_000L;

  @Test
  void slowStartPacesAtTwiceTheWindowPerRttAndCongestionAvoidanceAtOnePointTwo() {
    // 10 segments of 1448 bytes per 100 us is 144.8 MB/s.
    assertThat(Pacing.bytesPerSecond(10, Integer.MAX_VALUE, 10, MSS, 100 * US))
        .isEqualTo(289_600_000L);
    // cwnd 10 is not below half of ssthresh 20: "approaching the end of slow start".
    assertThat(Pacing.bytesPerSecond(10, 20, 10, MSS, 100 * US)).isEqualTo(173_760_000L);
    assertThat(Pacing.bytesPerSecond(9, 20, 9, MSS, 100 * US)).isEqualTo(2 * 9 * 144_800_000L / 10);
  }

  @Test
  void segmentsOutBeyondTheWindowCount() {
    // After a reduction more segments may be out than cwnd allows: max(cwnd, packets_out).
    assertThat(Pacing.bytesPerSecond(10, 20, 30, MSS, 100 * US))
        .isEqualTo(3 * Pacing.bytesPerSecond(10, 20, 10, MSS, 100 * US));
  }

  @Test
  void smallQueuesHoldAboutAMillisecondWithinTwoSkbsAndTheKernelsCap() {
    long skb = 2_304;
    // 289.6 MB/s >> 10: 282 812 bytes, about 1 ms.
    assertThat(Pacing.smallQueueLimit(289_600_000L, skb, 4L << 20)).isEqualTo(282_812L);
    // A slow flow still may queue two skbs.
    assertThat(Pacing.smallQueueLimit(1_000_000L, skb, 4L << 20)).isEqualTo(2 * skb);
    // 28.96 GB/s (cwnd 10 over 1 us) stops at tcp_limit_output_bytes: 4 MB on 6.17, 1 MB on 6.1.
    long fast = Pacing.bytesPerSecond(10, Integer.MAX_VALUE, 10, MSS, US);
    assertThat(Pacing.smallQueueLimit(fast, skb, KernelProfile.LINUX_6.limitOutputBytes()))
        .isEqualTo(4_194_304L);
    assertThat(Pacing.smallQueueLimit(fast, skb, KernelProfile.LINUX_6_1.limitOutputBytes()))
        .isEqualTo(1_048_576L);
    assertThat(KernelProfile.LINUX_2_6_37.limitOutputBytes()).as("no TSQ on 2.6.37").isZero();
  }

  @Test
  void aRetransmissionMayUseTwiceTheLimitAndALoneSkbAlwaysGoes() {
    long limit = 100_000;
    assertThat(Pacing.smallQueueAllows(limit, limit, false, false)).as("up to the limit").isTrue();
    assertThat(Pacing.smallQueueAllows(limit + 1, limit, false, false)).isFalse();
    assertThat(Pacing.smallQueueAllows(2 * limit, limit, true, false)).isTrue();
    assertThat(Pacing.smallQueueAllows(2 * limit + 1, limit, true, false)).isFalse();
    // tcp_rtx_queue_empty_or_single_skb: TX completions may be late, nothing else would call back.
    assertThat(Pacing.smallQueueAllows(10 * limit, limit, false, true)).isTrue();
  }

  private static long limitOf(Map<String, String> sysctls) {
    return TcpSettings.of(new ManualContext(1500, sysctls)).limitOutputBytes();
  }

  @Test
  void theSysctlOverridesTheKernelsCapWhereTheKernelHasTcpSmallQueues() {
    assertThat(limitOf(Map.of())).isEqualTo(4L << 20);
    assertThat(limitOf(Map.of("bondsim.kernel", "6.1"))).isEqualTo(1L << 20);
    assertThat(limitOf(Map.of("net.ipv4.tcp_limit_output_bytes", "262144"))).isEqualTo(262_144);
    assertThat(
            limitOf(
                Map.of("bondsim.kernel", "2.6.37", "net.ipv4.tcp_limit_output_bytes", "262144")))
        .as("2.6.37 has no TCP small queues")
        .isZero();
  }

  @Test
  void linux316TakesTheSysctlAsAFloorAndLetsRetransmissionsThrough() {
    // 125 MB/s (1G): rate >> 10 is 122 070 bytes, under the 131 072 floor.
    assertThat(Pacing.smallQueueFloorAllows(131_072, 125_000_000L, 131_072, false)).isTrue();
    assertThat(Pacing.smallQueueFloorAllows(131_073, 125_000_000L, 131_072, false)).isFalse();
    assertThat(Pacing.smallQueueFloorAllows(1 << 20, 125_000_000L, 131_072, true)).isTrue();
    // 500 MB/s: 488 281 bytes, above the sysctl, which 6.x would have capped at.
    assertThat(Pacing.smallQueueFloorAllows(400_000, 500_000_000L, 131_072, false)).isTrue();
    assertThat(Pacing.smallQueueLimit(500_000_000L, 4_000, 131_072)).isEqualTo(131_072);
  }

  @Test
  void linux316ProbeWaitsTwiceSrttInTicksAtLeastTenMilliseconds() {
    Jiffies hz250 = new Jiffies(250);
    // srtt 100 us rounds up to one tick (4 ms): 2 ticks, below the floor of 10 ms = 3 ticks.
    assertThat(
            LossProbe.timeoutTicks(KernelProfile.ShortTimers.TEN_MS_FLOOR, hz250, 100 * US, false))
        .isEqualTo(3);
    // One packet out: 1 + 0 + TCP_DELACK_MAX (50 ticks) = 51.
    assertThat(
            LossProbe.timeoutTicks(KernelProfile.ShortTimers.TEN_MS_FLOOR, hz250, 100 * US, true))
        .isEqualTo(51);
    // srtt 30 ms = 8 ticks (7.5 up): 16.
    assertThat(
            LossProbe.timeoutTicks(
                KernelProfile.ShortTimers.TEN_MS_FLOOR, hz250, 30_000 * US, false))
        .isEqualTo(16);
    // 6.6 and later at the same srtt: 2 x 30 ms + 2 ms = 62 ms, 16 ticks (15.5 up).
    assertThat(
            LossProbe.timeoutTicks(
                KernelProfile.ShortTimers.TIMEOUT_MIN_US, hz250, 30_000 * US, false))
        .isEqualTo(16);
  }
}
