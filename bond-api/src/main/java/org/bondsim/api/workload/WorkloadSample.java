package org.bondsim.api.workload;

import java.util.OptionalLong;

/**
 * A test's state at one instant, for a time series ({@code --series}): what the receiving
 * application has got so far and, for TCP tests, the first connection's window as {@code tcp_info}
 * reports it. A field a test does not have is empty, never a stand-in number.
 *
 * @param payloadBytes payload the receiving application has read since the test began
 * @param cwnd {@code tcpi_snd_cwnd} of the first connection
 * @param ssthresh {@code tcpi_snd_ssthresh}, empty while infinite
 * @param inFlight segments in flight ({@code tcp_packets_in_flight}: unacked less SACKed and lost,
 *     plus retransmitted)
 * @param retransmissions {@code tcpi_total_retrans} so far
 * @param sackReorders the sending host's {@code TcpExtTCPSACKReorder} so far
 */
public record WorkloadSample(
    long payloadBytes,
    OptionalLong cwnd,
    OptionalLong ssthresh,
    OptionalLong inFlight,
    OptionalLong retransmissions,
    OptionalLong sackReorders) {
  /**
   * A sample of a test that is not TCP: its payload only.
   *
   * @param payloadBytes payload received so far
   * @return the sample
   */
  public static WorkloadSample payloadOnly(long payloadBytes) {
    OptionalLong none = OptionalLong.empty();
    return new WorkloadSample(payloadBytes, none, none, none, none, none);
  }
}
