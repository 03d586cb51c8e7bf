package org.bondsim.tcp;

/**
 * The receiver's own RTT estimate ({@code tp->rcv_rtt_est}), which paces receive-buffer autotuning
 * and SACK compression. A receiver that sends no data has no RTT of its own sends to go by, so
 * Linux measures two things at the receiving end: with timestamps, how long ago the echoed
 * timestamp was sent ({@code tcp_rcv_rtt_measure_ts}, on segments of at least {@code rcv_mss}): a
 * round trip that includes whatever the data waited at the sender; and, with or without them, how
 * long a window's worth of data took to arrive ({@code tcp_rcv_rtt_measure}: from when in-order
 * data found {@code rcv_nxt} to when it passed that point plus the window then offered). The
 * estimate is kept times eight, as Linux keeps it, and is 0 until the first sample.
 *
 * <p>6.1 ({@link ReceiveAutotuning#RCV_RTT_6_1}), in microseconds, once per new echo: the first
 * sample sets it, a timestamp sample moves it by an eighth, a window sample lowers it only; an echo
 * of 0 ms counts as 1 ms. 6.17 ({@link ReceiveAutotuning#RCV_RTT_6_17}): any smaller sample
 * replaces it, a larger timestamp sample moves it by an eighth when nothing waits unread; an echo
 * of 0 ms gives no sample ({@code tcp_rtt_tsopt_us(tp, 0)}). 2.6.37 and 3.16 ({@link
 * ReceiveAutotuning#inTicks}): in ticks, every full segment's echo a sample (none is skipped for
 * repeating the last), a sample of 0 ticks counted as 1, and a window sample taken whole when
 * smaller; 2.6.37 takes it whenever its ticks are fewer than the estimate's ticks times eight: its
 * {@code tcp_rcv_rtt_update} compares the unshifted sample with the shifted estimate (3.16 shifts
 * it first).
 *
 * <p>Difference: the model's timestamp clock counts milliseconds on every kernel, so on 2.6.37 and
 * 3.16 an echo's age is converted to ticks (exact at HZ 1000, where {@code jiffies} is that clock).
 */
final class ReceiverRtt {
  private final ReceiveAutotuning rule;
  private final Jiffies jiffies;
  // The estimate times eight, in microseconds (6.x) or ticks (2.6.37, 3.16).
  private long rtt8;
  private long lastTsEcr = -1;
  // rcv_rtt_est.seq and .time: the window measurement under way, time -1 before the first.
  private long windowEnd;
  private long windowStartNs = -1;

  /**
   * @param rule the kernel's autotuning, whose sampling and update rules this follows
   * @param jiffies the kernel's tick, the unit of 2.6.37's and 3.16's estimate
   */
  ReceiverRtt(ReceiveAutotuning rule, Jiffies jiffies) {
    this.rule = rule;
    this.jiffies = jiffies;
  }

  /**
   * {@code tcp_rcv_rtt_measure_ts}: a segment of at least {@code rcvMss} bytes gives a sample of
   * how long ago the echoed timestamp was sent; from 6.x on only when its echo differs from the
   * last one seen, by any segment.
   *
   * @param tsEcr the echoed timestamp (milliseconds)
   * @param payload the segment's payload bytes
   * @param rcvMss {@code icsk_ack.rcv_mss}
   * @param nowMs this end's timestamp clock
   */
  void onEcho(long tsEcr, int payload, int rcvMss, long nowMs) {
    if (!rule.inTicks()) {
      if (tsEcr == lastTsEcr) {
        return;
      }
      lastTsEcr = tsEcr;
    }
    if (payload < rcvMss) {
      return;
    }
    long deltaMs = nowMs - tsEcr;
    if (deltaMs < 0) {
      return;
    }
    if (rule.inTicks()) {
      updateTicks(deltaMs * jiffies.hz() / 1000, false);
      return;
    }
    if (deltaMs == 0) {
      if (rule == ReceiveAutotuning.RCV_RTT_6_17) {
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
      if (rule.inTicks()) {
        updateTicks(jiffies.tick(nowNs) - jiffies.tick(windowStartNs), true);
      } else {
        update(Math.max(1, (nowNs - windowStartNs) / 1000), true);
      }
    }
    windowEnd = rcvNxt + rcvWnd;
    windowStartNs = nowNs;
  }

  /**
   * 6.x's {@code tcp_rcv_rtt_update}: a window sample ({@code win_dep}) only ever lowers the
   * estimate. 6.1 smooths a timestamp sample into it; 6.17 takes any smaller sample whole and
   * smooths a larger timestamp one (this model's reader empties the receive queue as data arrives).
   */
  private void update(long sampleUs, boolean windowSample) {
    long m = sampleUs << 3;
    if (rtt8 == 0 || (rule == ReceiveAutotuning.RCV_RTT_6_17 && m < rtt8)) {
      rtt8 = m;
    } else if (windowSample) {
      rtt8 = Math.min(rtt8, m);
    } else {
      rtt8 += sampleUs - (rtt8 >> 3);
    }
  }

  /** 2.6.37's and 3.16's {@code tcp_rcv_rtt_update}, in ticks; 2.6.37 compares unshifted. */
  private void updateTicks(long sampleTicks, boolean windowSample) {
    long m = Math.max(1, sampleTicks);
    if (rtt8 == 0) {
      rtt8 = m << 3;
    } else if (!windowSample) {
      rtt8 += m - (rtt8 >> 3);
    } else if ((rule == ReceiveAutotuning.RCV_RTT_2_6_37 ? m : m << 3) < rtt8) {
      rtt8 = m << 3;
    }
  }

  /** {@code rcv_rtt_est.rtt >> 3} in nanoseconds: the estimate, 0 before any sample. */
  long rttNs() {
    return rule.inTicks() ? jiffies.nanos(rtt8 >> 3) : (rtt8 >> 3) * 1000;
  }

  /** {@code rcv_rtt_est.rtt >> 3} in ticks, 2.6.37's and 3.16's unit; 0 before any sample. */
  long rttTicks() {
    return rtt8 >> 3;
  }
}
