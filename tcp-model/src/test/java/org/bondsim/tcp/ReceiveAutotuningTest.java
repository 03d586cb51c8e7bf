package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Receive autotuning, piece by piece: the receiver's own RTT ({@code tcp_rcv_rtt_est}) and the
 * buffer {@code tcp_rcv_space_adjust} sizes once per that RTT, in 2.6.37's, 3.16's, 6.1's and
 * 6.17's forms.
 */
class ReceiveAutotuningTest {
  private static final int MSS = 1448;
  private static final long MS = 1_000_000L;
  private static final Jiffies HZ_1000 = new Jiffies(1000);

  /** An autotuned buffer at the kernel's tcp_rmem, started from a handshake's {@code window}. */
  private static ReceiveBuffer buffer(KernelProfile profile, long window) {
    ReceiveBuffer buffer =
        new ReceiveBuffer(profile, profile.rmemDefault(), profile.rmemMax(), 0, HZ_1000);
    buffer.start(window, MSS, 0);
    return buffer;
  }

  private static ReceiveBuffer buffer(KernelProfile profile) {
    // The handshake offered 45 segments: 6.x's first measure is ten of them.
    return buffer(profile, 45L * MSS);
  }

  /** An estimate of {@code ms} milliseconds from one echo, under {@code rule}. */
  private static ReceiverRtt rttOf(ReceiveAutotuning rule, long ms) {
    ReceiverRtt rtt = new ReceiverRtt(rule, HZ_1000);
    rtt.onEcho(100, MSS, 536, 100 + ms);
    return rtt;
  }

  @Test
  void sixSeventeenTakesASmallerSampleWholeAndALargerEchoByAnEighth() {
    ReceiverRtt rtt = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_6_17, HZ_1000);
    assertThat(rtt.rttNs()).isZero();
    // Data that echoes a timestamp sent 8 ms ago.
    rtt.onEcho(100, MSS, 536, 108);
    assertThat(rtt.rttNs()).isEqualTo(8 * MS);
    // The same echo again gives nothing; nor does a segment under rcv_mss, though it takes the
    // echo, so the full segment after it with that echo gives nothing either.
    rtt.onEcho(100, MSS, 536, 120);
    rtt.onEcho(101, 100, 536, 130);
    rtt.onEcho(101, MSS, 536, 130);
    assertThat(rtt.rttNs()).isEqualTo(8 * MS);
    // A larger echo moves it by an eighth: 8 - 1 + 16 / 8 = 9 ms.
    rtt.onEcho(102, MSS, 536, 118);
    assertThat(rtt.rttNs()).isEqualTo(9 * MS);
    // A smaller one replaces it.
    rtt.onEcho(103, MSS, 536, 108);
    assertThat(rtt.rttNs()).isEqualTo(5 * MS);
    // An echo of this very millisecond gives no sample (tcp_rtt_tsopt_us(tp, 0)).
    rtt.onEcho(104, MSS, 536, 104);
    assertThat(rtt.rttNs()).isEqualTo(5 * MS);
  }

  @Test
  void sixOneSmoothsEveryEchoAndCountsAZeroEchoAsOneMillisecond() {
    ReceiverRtt rtt = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_6_1, HZ_1000);
    rtt.onEcho(100, MSS, 536, 108);
    assertThat(rtt.rttNs()).isEqualTo(8 * MS);
    // A smaller echo (0 ms, counted as 1) is smoothed in, not taken whole: 8 - 8/8 + 1/8 ms.
    rtt.onEcho(101, MSS, 536, 101);
    assertThat(rtt.rttNs()).isEqualTo(7 * MS + 125_000);
  }

  @Test
  void aWindowOfDataArrivingGivesASampleThatOnlyLowersTheEstimate() {
    ReceiverRtt rtt = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_6_17, HZ_1000);
    // In-order data at rcv_nxt 1448 with 10 000 bytes offered: the measure runs to 11 448.
    rtt.onInOrderData(1448, 10_000, 0);
    rtt.onInOrderData(10_000, 10_000, 3 * MS);
    assertThat(rtt.rttNs()).isZero();
    rtt.onInOrderData(11_448, 10_000, 4 * MS);
    assertThat(rtt.rttNs()).isEqualTo(4 * MS);
    // The next window takes 6 ms: a window sample never raises it.
    rtt.onInOrderData(21_448, 10_000, 10 * MS);
    assertThat(rtt.rttNs()).isEqualTo(4 * MS);
    rtt.onInOrderData(31_448, 10_000, 12 * MS);
    assertThat(rtt.rttNs()).isEqualTo(2 * MS);
  }

  @Test
  void sixSeventeenSizesTheBufferForTwiceWhatWasReadInAReceiverRtt() {
    ReceiveBuffer buffer = buffer(KernelProfile.LINUX_6);
    assertThat(buffer.window()).isEqualTo(65_536);
    // No receiver RTT yet: nothing moves however much was read.
    buffer.onRead(500_000, 10 * MS, new ReceiverRtt(ReceiveAutotuning.RCV_RTT_6_17, HZ_1000), MSS);
    assertThat(buffer.window()).isEqualTo(65_536);
    // 7 ms of RTT: a read 5 ms after the start is too early, one at 8 ms measures 100 000 bytes
    // against the first measure of 14 480: a window of 200 000, a buffer of 400 000.
    ReceiveBuffer fresh = buffer(KernelProfile.LINUX_6);
    ReceiverRtt rtt = rttOf(ReceiveAutotuning.RCV_RTT_6_17, 7);
    fresh.onRead(60_000, 5 * MS, rtt, MSS);
    assertThat(fresh.window()).isEqualTo(65_536);
    fresh.onRead(100_000, 8 * MS, rtt, MSS);
    assertThat(fresh.window()).isEqualTo(200_000);
    // Out-of-order data 150 000 bytes beyond rcv_nxt: room for twice the measure plus that.
    fresh.onOutOfOrder(150_000);
    assertThat(fresh.window()).isEqualTo(350_000);
    // The next RTT reads less: no change, and no shrinking ever.
    fresh.onRead(150_000, 16 * MS, rtt, MSS);
    assertThat(fresh.window()).isEqualTo(350_000);
  }

  @Test
  void sixOneAddsSixteenSegmentsAndTwiceTheGrowthInBuffersOfRcvmem() {
    ReceiveBuffer buffer = buffer(KernelProfile.LINUX_6_1);
    buffer.onRead(50_000, 8 * MS, rttOf(ReceiveAutotuning.RCV_RTT_6_1, 7), MSS);
    // rcvwin = 2 x 50 000 + 16 x 1448 = 123 168, plus twice 123 168 x (50 000 - 14 480) / 14 480
    // (302 135): 727 438, that is 502 segments of rcvmem 2984 (SKB_TRUESIZE(1448 + 320) = 2344,
    // raised by 128 until half of it holds a segment): 1 497 968 of buffer, half of it window.
    assertThat(buffer.window()).isEqualTo(748_984);
    // 6.1 grows nothing when out-of-order data arrives.
    buffer.onOutOfOrder(5_000_000);
    assertThat(buffer.window()).isEqualTo(748_984);
  }

  @Test
  void twoSixThirtySevenCountsTicksSamplesEveryEchoAndTakesAWindowSampleUnshifted() {
    ReceiverRtt rtt = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_2_6_37, HZ_1000);
    // An echo of this very tick counts as one tick.
    rtt.onEcho(100, MSS, 536, 100);
    assertThat(rtt.rttTicks()).isEqualTo(1);
    // The same echo again is a sample too (16 ticks): 8 - 1 + 16 = 23 eighths, 2 ticks.
    rtt.onEcho(100, MSS, 536, 116);
    assertThat(rtt.rttTicks()).isEqualTo(2);
    // A window that took 20 ticks: 20 < 23 (eighths), so 2.6.37 takes it whole.
    rtt.onInOrderData(1448, 10_000, 0);
    rtt.onInOrderData(11_448, 10_000, 20 * MS);
    assertThat(rtt.rttTicks()).isEqualTo(20);
    assertThat(rtt.rttNs()).isEqualTo(20 * MS);
    // 3.16 shifts the sample first: 160 eighths is no smaller than 23, nothing changes.
    ReceiverRtt later = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_3_16, HZ_1000);
    later.onEcho(100, MSS, 536, 100);
    later.onEcho(100, MSS, 536, 116);
    later.onInOrderData(1448, 10_000, 0);
    later.onInOrderData(11_448, 10_000, 20 * MS);
    assertThat(later.rttTicks()).isEqualTo(2);
    // At HZ 250 an echo 8 ms old is 2 ticks.
    ReceiverRtt coarse = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_3_16, new Jiffies(250));
    coarse.onEcho(100, MSS, 536, 108);
    assertThat(coarse.rttTicks()).isEqualTo(2);
    assertThat(coarse.rttNs()).isEqualTo(8 * MS);
  }

  @Test
  void twoSixThirtySevenStartsOnTheFirstReadAndClampsTheWindowToTwiceWhatWasRead() {
    ReceiveBuffer buffer = buffer(KernelProfile.LINUX_2_6_37, 3L * MSS);
    // tcp_fixup_rcvbuf's four segments of 2000 bytes ask less than tcp_rmem[1] gives.
    assertThat(buffer.window()).isEqualTo(65_535);
    ReceiverRtt rtt = rttOf(ReceiveAutotuning.RCV_RTT_2_6_37, 1);
    // The first read only starts the measure, however much it brought.
    buffer.onRead(10_000, MS, rtt, MSS);
    assertThat(buffer.window()).isEqualTo(65_535);
    // One tick later 100 000 more: a measure of 200 000, 138 segments of 1448 + 552 bytes of
    // buffer (276 000, window 207 000), the window clamped to the measure.
    buffer.onRead(110_000, 2 * MS, rtt, MSS);
    assertThat(buffer.window()).isEqualTo(200_000);
    // Less read in the next tick: the measure keeps its larger value, nothing moves.
    buffer.onRead(150_000, 3 * MS, rtt, MSS);
    assertThat(buffer.window()).isEqualTo(200_000);
  }

  @Test
  void threeSixteenStartsFromOneHundredSixtySegmentsAndStepsTheWindowByTheRateIncrease() {
    // tcp_fixup_rcvbuf: 2 x 20 segments x 4 of rcvmem 2968 (SKB_TRUESIZE(1448 + 304) = 2328,
    // raised by 128 until half of it holds a segment): 474 880 of buffer, half of it window.
    ReceiveBuffer buffer = buffer(KernelProfile.LINUX_3_16, 20L * MSS);
    assertThat(buffer.window()).isEqualTo(237_440);
    // A tick later 50 000 read, more than 1.5 times the first window's 28 960: rcvwin = 2 x
    // (2 x 50 000 + 16 x 1448) = 246 336, 170 segments of buffer (504 560), the clamp that rcvwin.
    buffer.onRead(50_000, MS, rttOf(ReceiveAutotuning.RCV_RTT_3_16, 1), MSS);
    assertThat(buffer.window()).isEqualTo(246_336);
  }
}
