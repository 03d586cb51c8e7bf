package org.bondsim.api.tcp.cc;

/**
 * One incoming ACK as {@code tcp_ack} hands it to the module: what {@code pkts_acked}'s {@code
 * struct ack_sample} and {@code cong_avoid}'s arguments carry. Reused for every ACK; read it only
 * during the callback it is passed to.
 */
public interface AckView {
  /**
   * Returns the cumulative acknowledgment carried.
   *
   * @return the sequence number, unwrapped (64 bits)
   */
  long ack();

  /**
   * Returns the segments the cumulative ACK released, SACKed ones included ({@code
   * ack_sample.pkts_acked}).
   *
   * @return packets
   */
  int packetsAcked();

  /**
   * Returns the RTT sample the module takes ({@code ack_sample.rtt_us}: from the newest segment
   * this ACK newly SACKed or acknowledged that was never retransmitted), or -1 when there is none.
   *
   * @return nanoseconds, or -1
   */
  long sampleRttNs();

  /**
   * Returns when the newest segment the cumulative ACK released was sent, or -1 if none was or any
   * released one was ever retransmitted (2.6.37's {@code ca_seq_rtt} source).
   *
   * @return nanoseconds since the run began, or -1
   */
  long newestReleasedSentNs();

  /**
   * Returns what was in flight before this ACK ({@code prior_in_flight}, {@code
   * ack_sample.in_flight}).
   *
   * @return packets
   */
  int priorInFlight();

  /**
   * Returns the segments this ACK delivered ({@code tcp_newly_delivered}: newly SACKed or
   * acknowledged); set by the time {@code cong_avoid} runs, 0 before.
   *
   * @return packets
   */
  int delivered();

  /**
   * Returns snd_nxt when the ACK arrived.
   *
   * @return the sequence number, unwrapped (64 bits)
   */
  long sndNxt();

  /**
   * Returns the pacing rate ({@code sk_pacing_rate}) as HyStart's ACK-train test reads it, in bytes
   * per second; 0 outside slow start.
   *
   * @return bytes per second
   */
  long pacingRate();
}
