package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * 6.x's receive autotuning, piece by piece: the receiver's own RTT ({@code tcp_rcv_rtt_est}) and
 * the buffer {@code tcp_rcv_space_adjust} sizes once per that RTT, in 6.1's and 6.17's forms.
 */
class ReceiveAutotuningTest {
  private static final int MSS = 1448;
  private static final long MS = 1_000_000L;

  private static ReceiveBuffer buffer(KernelProfile profile) {
    ReceiveBuffer buffer = new ReceiveBuffer(profile, profile.rmemDefault(), profile.rmemMax(), 0);
    // The handshake offered 45 segments: the first measure is ten of them.
    buffer.start(45L * MSS, MSS, 0);
    return buffer;
  }

  @Test
  void sixSeventeenTakesASmallerSampleWholeAndALargerEchoByAnEighth() {
    ReceiverRtt rtt = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_6_17);
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
    ReceiverRtt rtt = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_6_1);
    rtt.onEcho(100, MSS, 536, 108);
    assertThat(rtt.rttNs()).isEqualTo(8 * MS);
    // A smaller echo (0 ms, counted as 1) is smoothed in, not taken whole: 8 - 8/8 + 1/8 ms.
    rtt.onEcho(101, MSS, 536, 101);
    assertThat(rtt.rttNs()).isEqualTo(7 * MS + 125_000);
  }

  @Test
  void aWindowOfDataArrivingGivesASampleThatOnlyLowersTheEstimate() {
    ReceiverRtt rtt = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_6_17);
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
    buffer.onRead(500_000, 10 * MS, 0, MSS);
    assertThat(buffer.window()).isEqualTo(65_536);
    // 7 ms of RTT: a read 5 ms after the start is too early, one at 8 ms measures 100 000 bytes
    // against the first measure of 14 480: a window of 200 000, a buffer of 400 000.
    ReceiveBuffer fresh = buffer(KernelProfile.LINUX_6);
    fresh.onRead(60_000, 5 * MS, 7 * MS, MSS);
    assertThat(fresh.window()).isEqualTo(65_536);
    fresh.onRead(100_000, 8 * MS, 7 * MS, MSS);
    assertThat(fresh.window()).isEqualTo(200_000);
    // Out-of-order data 150 000 bytes beyond rcv_nxt: room for twice the measure plus that.
    fresh.onOutOfOrder(150_000);
    assertThat(fresh.window()).isEqualTo(350_000);
    // The next RTT reads less: no change, and no shrinking ever.
    fresh.onRead(150_000, 16 * MS, 7 * MS, MSS);
    assertThat(fresh.window()).isEqualTo(350_000);
  }

  @Test
  void sixOneAddsSixteenSegmentsAndTwiceTheGrowthInBuffersOfRcvmem() {
    ReceiveBuffer buffer = buffer(KernelProfile.LINUX_6_1);
    buffer.onRead(50_000, 8 * MS, 7 * MS, MSS);
    // rcvwin = 2 x 50 000 + 16 x 1448 = 123 168, plus twice 123 168 x (50 000 - 14 480) / 14 480
    // (302 135): 727 438, that is 502 segments of rcvmem 2984 (SKB_TRUESIZE(1448 + 320) = 2344,
    // raised by 128 until half of it holds a segment): 1 497 968 of buffer, half of it window.
    assertThat(buffer.window()).isEqualTo(748_984);
    // 6.1 grows nothing when out-of-order data arrives.
    buffer.onOutOfOrder(5_000_000);
    assertThat(buffer.window()).isEqualTo(748_984);
  }
}
