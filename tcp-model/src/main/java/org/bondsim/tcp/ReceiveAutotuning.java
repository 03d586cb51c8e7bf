package org.bondsim.tcp;

/**
 * How the receiver sizes its buffer ({@code tcp_rcv_space_adjust}) and from which RTT: every kernel
 * modelled measures once per receiver RTT ({@code tcp_rcv_rtt_est}: the timestamp echo of each full
 * segment, or without timestamps the time a window of data takes to arrive), never the smoothed RTT
 * of its own sends ({@link ReceiverRtt}, {@link ReceiveBuffer}).
 */
enum ReceiveAutotuning {
  /**
   * 2.6.37 (net/ipv4/tcp_input.c, read in a 2.6.37.6 tree; 3.16's from the same file of a 3.16.0
   * tree): the estimate in ticks ({@code tcp_time_stamp} is {@code jiffies}), a sample of every
   * full segment's echo (no check for a repeated echo), 0 ticks counted as 1; a window sample
   * replaces the estimate when its ticks are fewer than the estimate's ticks times eight (the
   * unshifted comparison in {@code tcp_rcv_rtt_update}). The measure starts on the first read; once
   * per estimate, the larger of the last measure and twice what was read becomes the new one, the
   * buffer that many segments' worth of {@code advmss + MAX_TCP_HEADER + 16 + sizeof(struct
   * sk_buff)}, and the window clamp the measure itself.
   */
  RCV_RTT_2_6_37(true, 10),
  /**
   * 3.16 (read in a 3.16.0 tree; the rule of "tcp: fix dynamic right sizing", 3.13): the estimate
   * in ticks and every full segment's echo a sample, as in 2.6.37, but a window sample compared
   * shifted, as later kernels do; a buffer of at least {@code tcp_fixup_rcvbuf}'s 160 segments
   * (twice {@code tcp_default_init_rwnd}, times four) at establishment; the measure starts at
   * establishment from the first window; when more was read in an estimate than in the last, a
   * window of twice that plus 16 segments, times 1.5 when it grew by a quarter and times 2 when by
   * a half, in buffers of {@code SKB_TRUESIZE(advmss + MAX_TCP_HEADER)} per segment, and that
   * window as the clamp.
   */
  RCV_RTT_3_16(true, 20),
  /**
   * 6.1 (net/ipv4/tcp_input.c): {@code tcp_rcv_rtt_est} in microseconds, smoothed by an eighth from
   * its first sample (an echo of 0 ms counts as 1 ms), once per new echo; when more was read in a
   * receiver RTT than in the last, a window of twice that plus 16 segments, plus twice its growth
   * ("accommodate for sender rate increase"), in buffers of {@code SKB_TRUESIZE(advmss +
   * MAX_TCP_HEADER)} per segment.
   */
  RCV_RTT_6_1(false, 0),
  /**
   * 6.17 ({@code tcp_rcvbuf_grow}, 2025): a smaller sample replaces the estimate at once, a larger
   * one moves it by an eighth and only when it came from a timestamp; an echo of 0 ms gives none; a
   * window of twice what was read in a receiver RTT, plus what the out-of-order queue spans, grown
   * again as out-of-order data arrives.
   */
  RCV_RTT_6_17(false, 0);

  private final boolean inTicks;
  // TCP_DEFAULT_INIT_RCVWND (2.6.37) or tcp_default_init_rwnd, TCP_INIT_CWND * 2 (3.16); 0: none.
  private final int initRcvWnd;

  ReceiveAutotuning(boolean inTicks, int initRcvWnd) {
    this.inTicks = inTicks;
    this.initRcvWnd = initRcvWnd;
  }

  /**
   * The segments of the era's first window ({@code tcp_select_initial_window}, which 3.16's {@code
   * tcp_fixup_rcvbuf} sizes its floor by too): 10 on 2.6.37, 20 on 3.16, fewer for an MSS above
   * 1460 (at least 2); 0 on 6.x, which has no such cap.
   *
   * @param mss the segment size
   */
  int initialWindowSegments(int mss) {
    if (initRcvWnd == 0 || mss <= 1460) {
      return initRcvWnd;
    }
    return Math.max(1460 * initRcvWnd / mss, 2);
  }

  /** Whether the receiver's RTT and the adjustment's interval count in ticks (2.6.37, 3.16). */
  boolean inTicks() {
    return inTicks;
  }
}
