package org.bondsim.api.tcp.cc;

/**
 * A connection as its congestion-control module sees it: the fields of Linux's {@code struct
 * tcp_sock} that {@code tcp_congestion_ops} callbacks read, read-only. The module changes the
 * window only through what its callbacks return.
 *
 * <p>One view per connection, reused; its values are those of the moment a callback runs. Calls are
 * cheap (no allocation), so a module may read them on every ACK.
 */
public interface ConnectionView {
  /**
   * Returns the congestion window ({@code snd_cwnd}).
   *
   * @return packets
   */
  int cwnd();

  /**
   * Returns the slow-start threshold ({@code snd_ssthresh}); {@link Integer#MAX_VALUE} until the
   * first loss.
   *
   * @return packets
   */
  int ssthresh();

  /**
   * Returns what is in flight ({@code tcp_packets_in_flight}: sent, not SACKed or cumulatively
   * acknowledged, not marked lost, plus retransmissions in flight).
   *
   * @return packets
   */
  int packetsInFlight();

  /**
   * Returns the segments the peer has received so far ({@code tp->delivered}).
   *
   * @return packets
   */
  long delivered();

  /**
   * Returns the smoothed RTT ({@code srtt_us}), 0 before the first sample.
   *
   * @return nanoseconds
   */
  long srttNs();

  /**
   * Returns the state of the congestion-avoidance machine ({@code icsk_ca_state}).
   *
   * @return the state
   */
  CaState caState();

  /**
   * Returns the sender's maximum segment size ({@code mss_cache}).
   *
   * @return bytes
   */
  int mss();

  /**
   * Returns the oldest unacknowledged sequence number ({@code snd_una}).
   *
   * @return the sequence number, unwrapped (64 bits)
   */
  long sndUna();

  /**
   * Returns the next sequence number to send ({@code snd_nxt}).
   *
   * @return the sequence number, unwrapped (64 bits)
   */
  long sndNxt();

  /**
   * Returns the simulated time.
   *
   * @return nanoseconds since the run began
   */
  long nowNs();

  /**
   * Returns whether the connection is in slow start ({@code tcp_in_slow_start}: cwnd below
   * ssthresh).
   *
   * @return whether it is
   */
  default boolean inSlowStart() {
    return cwnd() < ssthresh();
  }
}
