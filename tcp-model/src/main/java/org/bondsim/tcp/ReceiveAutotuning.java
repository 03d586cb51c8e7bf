package org.bondsim.tcp;

/**
 * How the receiver sizes its buffer ({@code tcp_rcv_space_adjust}) and from which RTT: Linux
 * measures once per receiver RTT ({@code tcp_rcv_rtt_est}: the timestamp echo of each full segment,
 * or without timestamps the time a window of data takes to arrive), never the smoothed RTT of its
 * own sends ({@link ReceiverRtt}, {@link ReceiveBuffer}).
 */
enum ReceiveAutotuning {
  /**
   * The model's reading before 2026-12-06, kept for 2.6.37 and 3.16 until their own are modelled:
   * once per smoothed RTT (the handshake's, at the receiver) or the last echo's, the buffer sized
   * for twice what was read plus 16 segments. Difference: both kernels measure by {@code
   * tcp_rcv_rtt_est} in ticks and size by {@code rcvmem}; the model's interval is shorter, so its
   * window grows less.
   */
  SMOOTHED_RTT,
  /**
   * 6.1 (net/ipv4/tcp_input.c): {@code tcp_rcv_rtt_est} smoothed by an eighth from its first sample
   * (an echo of 0 ms counts as 1 ms); when more was read in a receiver RTT than in the last, a
   * window of twice that plus 16 segments, plus twice its growth ("accommodate for sender rate
   * increase"), in buffers of {@code SKB_TRUESIZE(advmss + MAX_TCP_HEADER)} per segment.
   */
  RCV_RTT_6_1,
  /**
   * 6.17 ({@code tcp_rcvbuf_grow}, 2025): a smaller sample replaces the estimate at once, a larger
   * one moves it by an eighth and only when it came from a timestamp; an echo of 0 ms gives none; a
   * window of twice what was read in a receiver RTT, plus what the out-of-order queue spans, grown
   * again as out-of-order data arrives.
   */
  RCV_RTT_6_17
}
