package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.api.stack.Packet;
import org.junit.jupiter.api.Test;

/**
 * rcv_ssthresh piece by piece: the first window each era offers ({@code tcp_select_initial_window})
 * and {@code tcp_grow_window}'s steps.
 */
class RcvSsthreshTest {
  private static final int MSS = 1448;

  private static RcvSsthresh started(KernelProfile profile, long space) {
    RcvSsthresh ssthresh = new RcvSsthresh(profile, profile.rmemMax());
    ssthresh.initialWindow(space, MSS);
    return ssthresh;
  }

  @Test
  void theFirstWindowIsTenSegmentsOn2637TwentyOn316AndTheBuffersOn6x() {
    long space = 45L * MSS;
    assertThat(started(KernelProfile.LINUX_2_6_37, space).value()).isEqualTo(10L * MSS);
    assertThat(started(KernelProfile.LINUX_3_16, space).value()).isEqualTo(20L * MSS);
    assertThat(started(KernelProfile.LINUX_6, space).value()).isEqualTo(space);
    // Jumbo frames: 1460 * 10 / 8948 rounds to 1, raised to two segments.
    RcvSsthresh jumbo = new RcvSsthresh(KernelProfile.LINUX_2_6_37, 4 << 20);
    assertThat(jumbo.initialWindow(65535, 8948)).isEqualTo(2L * 8948);
  }

  @Test
  void eachFullSegmentGrowsItByTwiceItsLengthUpToTheBuffersWindow() {
    RcvSsthresh ssthresh = started(KernelProfile.LINUX_6, 10L * MSS);
    long allowed = 12L * MSS + 100;
    assertThat(ssthresh.grow(MSS, true, true, allowed, MSS, MSS)).isTrue();
    assertThat(ssthresh.value()).isEqualTo(12L * MSS);
    // The last 100 bytes of room, then none: no growth, so no quick ACK.
    assertThat(ssthresh.grow(MSS, true, true, allowed, MSS, MSS)).isTrue();
    assertThat(ssthresh.value()).isEqualTo(allowed);
    assertThat(ssthresh.grow(MSS, true, true, allowed, MSS, MSS)).isFalse();
    // A GRO'd skb of ten frames grows it by twice its length (3.4 on).
    RcvSsthresh gro = started(KernelProfile.LINUX_6, 10L * MSS);
    gro.grow(10L * MSS, true, true, 100L * MSS, MSS, MSS);
    assertThat(gro.value()).isEqualTo(30L * MSS);
  }

  @Test
  void smallInOrderDataNeverGrowsItAndOutOfOrderDataOnlyWhereTheKernelSaysSo() {
    long allowed = 40L * MSS;
    RcvSsthresh sixX = started(KernelProfile.LINUX_6, 10L * MSS);
    assertThat(sixX.grow(127, true, true, allowed, MSS, MSS)).isFalse();
    assertThat(sixX.grow(MSS, false, false, allowed, MSS, MSS)).as("6.x, no SACK").isFalse();
    assertThat(sixX.grow(MSS, false, true, allowed, MSS, MSS)).as("6.x, SACK").isTrue();
    assertThat(
            started(KernelProfile.LINUX_3_16, 10L * MSS).grow(MSS, false, false, allowed, MSS, MSS))
        .isTrue();
    assertThat(
            started(KernelProfile.LINUX_2_6_37, 10L * MSS)
                .grow(MSS, false, true, allowed, MSS, MSS))
        .isFalse();
  }

  @Test
  void on2637TheHalvingTestGivesTwoSegmentsUpToHalfTheLargestWindow() {
    // Three quarters of a 2304-byte truesize exceed 1448 bytes, so __tcp_grow_window decides: two
    // segments of rcv_mss, however large the skb (no 2 * len before 3.4), while rcv_ssthresh is at
    // most half the window of tcp_rmem[2] (4 MB: 1.5 MB).
    RcvSsthresh ssthresh = new RcvSsthresh(KernelProfile.LINUX_2_6_37, 4 << 20);
    ssthresh.initialWindow(65535, MSS);
    assertThat(ssthresh.grow(10L * MSS, true, true, 4L << 20, MSS, MSS)).isTrue();
    assertThat(ssthresh.value()).isEqualTo(12L * MSS);
    RcvSsthresh high = new RcvSsthresh(KernelProfile.LINUX_2_6_37, 4 << 20);
    high.initialWindow(65535, MSS);
    while (high.grow(MSS, true, true, 4L << 20, MSS, MSS)) {
      assertThat(high.value()).isLessThanOrEqualTo((3L << 20) / 2 + 2 * MSS);
    }
    assertThat(high.value()).isGreaterThan((3L << 20) / 2);
  }

  @Test
  void establishmentHoldsOneSegmentBackAndTheClampFollowsTheBufferOnceItGrows() {
    RcvSsthresh ssthresh = started(KernelProfile.LINUX_6, 65536 - 65536 % MSS);
    ssthresh.start(65536, MSS);
    assertThat(ssthresh.value()).isEqualTo(65536 - MSS);
    assertThat(ssthresh.grow(MSS, true, true, 65536, MSS, MSS)).as("no room yet").isFalse();
    // Autotuning doubled the buffer: the clamp is its window, and each segment grows into it.
    assertThat(ssthresh.grow(MSS, true, true, 131072, MSS, MSS)).isTrue();
    assertThat(ssthresh.value()).isEqualTo(65536 + MSS);
  }

  @Test
  void aLockedBufferOffersItsWindowLessOneSegment() {
    // SO_RCVBUF 4096 (a 4096-byte window, autotuning off): the SYN offers 2920 bytes, two whole
    // segments, and the clamp holds a segment of the 4096 back, so 2920 it stays, offered as 2944,
    // rounded up to the 128 bytes the window scale in use (7) can say.
    EndpointHarness h =
        new EndpointHarness(Map.of("net.ipv4.tcp_timestamps", "0"), 4096).established();
    h.receive(0, 1460);
    List<Packet> sent = h.context.host().sent();
    assertThat(sent.get(sent.size() - 1).tcp().window()).isEqualTo(2944);
    int mark = h.packetsSent();
    h.receive(1460 + 2944, 1460);
    assertThat(h.packetsSent() - mark).as("dropped at the right edge and answered").isEqualTo(1);
    assertThat(h.counter("TcpExtTCPOFOQueue")).isZero();
  }

  @Test
  void outOfOrderDataThatGrowsTheBufferGrowsTheWindowWithQuickAcks() {
    // 6.x (6.17's tcp_rcvbuf_grow): a hole with enough data above it grows the buffer past its
    // first 128 KB; from the next segment on, each one above the hole grows rcv_ssthresh and is
    // ACKed at once instead of being compressed.
    int[] acks = new int[2];
    for (int i = 0; i < 2; i++) {
      EndpointHarness h =
          new EndpointHarness(
                  Map.of(
                      "net.ipv4.tcp_timestamps",
                      "0",
                      "bondsim.rcv_ssthresh",
                      i == 0 ? "kernel" : "off"))
              .established(2_000_000L);
      int before = h.packetsSent();
      for (int n = 1; n <= 40; n++) {
        h.receive((long) n * 1448, 1448);
      }
      acks[i] = h.packetsSent() - before;
    }
    assertThat(acks[1]).as("off: three duplicate ACKs, the rest compressed").isEqualTo(3);
    // The buffer grows at the 25th segment, when twice the first measure (ten segments) plus the
    // 26 segments' span above rcv_nxt first needs more than 128 KB; each of the 15 after it grows
    // rcv_ssthresh into the larger window.
    assertThat(acks[0]).as("kernel").isEqualTo(3 + 15);
  }
}
