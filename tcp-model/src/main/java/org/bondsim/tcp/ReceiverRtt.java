package org.bondsim.tcp;

/**
 * The receiver's own RTT estimate ({@code tp->rcv_rtt_est}), which paces receive-buffer autotuning
 * and SACK compression. A receiver that sends no data has no RTT of its own sends to go by, so
 * Linux measures two things at the receiving end: with timestamps, how long ago the echoed
 * timestamp was sent ({@code tcp_rcv_rtt_measure_ts}, once per new echo, on segments of at least
 * {@code rcv_mss}): a round trip that includes whatever the data waited at the sender; and, with or
 * without them, how long a window's worth of data took to arrive ({@code tcp_rcv_rtt_measure}: from
 * when in-order data found {@code rcv_nxt} to when it passed that point plus the window then
 * offered), which only ever lowers the estimate. The estimate is kept in microseconds times eight,
 * as Linux keeps it, and is 0 until the first sample.
 *
 * <p>6.1 ({@link ReceiveAutotuning#RCV_RTT_6_1}): the first sample sets it, a timestamp sample
 * moves it by an eighth, a window sample lowers it only; an echo of 0 ms counts as 1 ms. 6.17
 * ({@link ReceiveAutotuning#RCV_RTT_6_17}): any smaller sample replaces it, a larger timestamp
 * sample moves it by an eighth when nothing waits unread; an echo of 0 ms gives no sample ({@code
 * tcp_rtt_tsopt_us(tp, 0)}).
 */
final class ReceiverRtt {
  private final boolean smallerReplaces;
  private long rttUs8;
  private long lastTsEcr = -1;
  // rcv_rtt_est.seq and .time: the window measurement under way, time -1 before the first.
  private long windowEnd;
  private long windowStartNs = -1;

  /**
   * @param rule the kernel's autotuning; {@link ReceiveAutotuning#RCV_RTT_6_17}'s update rules, or
   *     6.1's
   */
  ReceiverRtt(ReceiveAutotuning rule) {
    this.smallerReplaces = rule == ReceiveAutotuning.RCV_RTT_6_17;
  }

  /**
   * {@code tcp_rcv_rtt_measure_ts}: a segment whose echo differs from the last one seen; one of at
   * least {@code rcvMss} bytes gives a sample of how many milliseconds ago the echoed timestamp was
   * sent.
   *
   * @param tsEcr the echoed timestamp (milliseconds)
   * @param payload the segment's payload bytes
   * @param rcvMss {@code icsk_ack.rcv_mss}
   * @param nowMs this end's timestamp clock
   */
  void onEcho(long tsEcr, int payload, int rcvMss, long nowMs) {
    if (tsEcr == lastTsEcr) {
      return;
    }
    lastTsEcr = tsEcr;
    if (payload < rcvMss) {
      return;
    }
    long deltaMs = nowMs - tsEcr;
    if (deltaMs < 0) {
      return;
    }
    if (deltaMs == 0) {
      if (smallerReplaces) {
        return;
      }
      deltaMs = 1;
    }
    update(deltaMs * 1000, false);
  }

  /**
   * {@code tcp_rcv_rtt_measure}, for in-order data ({@code tcp_event_data_recv}): once {@code
   * rcv_nxt} reaches the end of the window measured from, the time since is a sample; a new
   * measurement starts from here with the window offered now.
   *
   * @param rcvNxt rcv_nxt after the data
   * @param rcvWnd the window last offered ({@code tp->rcv_wnd})
   * @param nowNs the clock
   */
  void onInOrderData(long rcvNxt, long rcvWnd, long nowNs) {
    if (windowStartNs >= 0) {
      if (rcvNxt < windowEnd) {
        return;
      }
      update(Math.max(1, (nowNs - windowStartNs) / 1000), true);
    }
    windowEnd = rcvNxt + rcvWnd;
    windowStartNs = nowNs;
  }

  /**
   * {@code tcp_rcv_rtt_update}. Both kernels: a window sample ({@code win_dep}) only ever lowers
   * the estimate. 6.1 smooths a timestamp sample into it; 6.17 takes any smaller sample whole and
   * smooths a larger timestamp one (this model's reader empties the receive queue as data arrives).
   */
  private void update(long sampleUs, boolean windowSample) {
    long m = sampleUs << 3;
    if (rttUs8 == 0 || (smallerReplaces && m < rttUs8)) {
      rttUs8 = m;
    } else if (windowSample) {
      rttUs8 = Math.min(rttUs8, m);
    } else {
      rttUs8 += sampleUs - (rttUs8 >> 3);
    }
  }

  /** {@code rcv_rtt_est.rtt_us >> 3} in nanoseconds: the estimate, 0 before any sample. */
  long rttNs() {
    return (rttUs8 >> 3) * 1000;
  }
}
