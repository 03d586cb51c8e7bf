package org.bondsim.tcp;

/**
 * The pacing rate 6.17 keeps for a connection without a pacing qdisc ({@code
 * tcp_update_pacing_rate}) and the two things it sizes here: how many bytes TCP small queues lets
 * wait below TCP ({@code tcp_small_queue_check}) and, through {@code tcp_tso_autosize}, a GSO
 * packet.
 */
final class Pacing {
  /** {@code tcp_pacing_ss_ratio}'s default, in percent. */
  static final int SS_RATIO = 200;

  /** {@code tcp_pacing_ca_ratio}'s default, in percent. */
  static final int CA_RATIO = 120;

  /** {@code sk_pacing_shift}'s default: TSQ and TSO sizing hold about 1 ms (2^-10 s) of it. */
  static final int SHIFT = 10;

  private Pacing() {}

  /**
   * {@code tcp_update_pacing_rate}: {@link #SS_RATIO} of the larger of cwnd and the segments out,
   * times the MSS over the smoothed RTT, while cwnd is below half of ssthresh ("approaching the end
   * of slow start, we should slow down"), {@link #CA_RATIO} after.
   *
   * @param cwnd the window in segments
   * @param ssthresh the slow-start threshold ({@link Integer#MAX_VALUE} before the first loss)
   * @param packetsOut segments sent and not yet cumulatively acknowledged
   * @param mss the sender's MSS
   * @param srttNs the smoothed RTT, above 0
   * @return bytes per second
   */
  static long bytesPerSecond(int cwnd, int ssthresh, int packetsOut, int mss, long srttNs) {
    int ratio = cwnd < ssthresh / 2 ? SS_RATIO : CA_RATIO;
    long packets = Math.max(cwnd, packetsOut);
    return (long) mss * ratio * packets * 10_000_000L / Math.max(srttNs, 1);
  }

  /**
   * A connection's pacing rate: {@link #bytesPerSecond} with the slow-start and
   * congestion-avoidance ratios, or (before 4.x, {@code ratios} false) 200 % of cwnd over srtt
   * always, as 3.16's {@code tcp_update_pacing_rate}; unbounded before the first RTT sample.
   *
   * @param rtt the connection's estimator
   * @param window its cwnd and ssthresh
   * @param packetsOut segments out
   * @param mss the MSS
   * @param ratios whether the kernel has {@code tcp_pacing_ss_ratio} and {@code ca_ratio}
   * @return bytes per second
   */
  static long rateOf(
      RttEstimator rtt, CongestionWindow window, int packetsOut, int mss, boolean ratios) {
    if (!rtt.hasSample()) {
      return Long.MAX_VALUE / 4;
    }
    int ssthresh = ratios ? window.ssthresh : Integer.MAX_VALUE;
    return bytesPerSecond(window.cwnd, ssthresh, packetsOut, mss, rtt.srttNs());
  }

  /**
   * {@code tcp_small_queue_check}'s limit for a flow no qdisc paces: about 1 ms at the pacing rate,
   * at least two skbs, at most {@code tcp_limit_output_bytes}.
   *
   * @param bytesPerSecond the pacing rate
   * @param skbTruesize the truesize of the skb about to be sent (a GSO packet's whole truesize:
   *     {@code tcp_write_xmit} checks after {@code tso_fragment} cut it to size)
   * @param limitOutputBytes {@code tcp_limit_output_bytes}
   * @return the bytes that may wait below TCP
   */
  static long smallQueueLimit(long bytesPerSecond, long skbTruesize, long limitOutputBytes) {
    return Math.min(Math.max(2 * skbTruesize, bytesPerSecond >> SHIFT), limitOutputBytes);
  }

  /**
   * {@code tcp_small_queue_check}'s verdict: what waits below TCP may reach the limit, twice it for
   * a retransmission ({@code tcp_xmit_retransmit_queue} passes factor 1), and a retransmit queue of
   * at most one skb sends whatever waits ({@code tcp_rtx_queue_empty_or_single_skb}: "this helps
   * when TX completions are delayed too much", Linux commit f921a4a5bffa, in the stable series from
   * October 2023; 6.1 as released had only the empty queue).
   *
   * @param queuedBytes truesize of what this socket has below TCP ({@code sk_wmem_alloc})
   * @param limit {@link #smallQueueLimit}'s answer
   * @param retransmission whether the segment to send is a retransmission
   * @param atMostOneSkbOut whether the retransmit queue holds at most one skb
   * @return whether it may go now
   */
  static boolean smallQueueAllows(
      long queuedBytes, long limit, boolean retransmission, boolean atMostOneSkbOut) {
    return queuedBytes <= (retransmission ? 2 * limit : limit) || atMostOneSkbOut;
  }

  /**
   * 3.6 to 3.x's TCP small queues, inline in {@code tcp_write_xmit} (3.16): what waits below TCP
   * may exceed neither {@code tcp_limit_output_bytes} nor 1 ms at the pacing rate, whichever is
   * larger; retransmissions ({@code tcp_retransmit_skb}) never wait.
   *
   * @param queuedBytes truesize of what this socket has below TCP ({@code sk_wmem_alloc})
   * @param bytesPerSecond the pacing rate
   * @param limitOutputBytes {@code tcp_limit_output_bytes}
   * @param retransmission whether the segment to send is a retransmission
   * @return whether it may go now
   */
  static boolean smallQueueFloorAllows(
      long queuedBytes, long bytesPerSecond, long limitOutputBytes, boolean retransmission) {
    return retransmission || queuedBytes <= Math.max(limitOutputBytes, bytesPerSecond >> SHIFT);
  }
}
