package org.bondsim.api.workload;

import java.util.Optional;
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
 * @param srttUs {@code tcpi_rtt}, the smoothed RTT in microseconds
 * @param reordering {@code tcpi_reordering}
 * @param dsackDups {@code tcpi_dsack_dups} so far, empty on a kernel whose {@code tcp_info} has no
 *     such field
 * @param caState {@code tcpi_ca_state} by the name of Linux's {@code TCP_CA_*} constant in lower
 *     case: {@code open}, {@code disorder}, {@code cwr}, {@code recovery} or {@code loss}
 */
public record WorkloadSample(
    long payloadBytes,
    OptionalLong cwnd,
    OptionalLong ssthresh,
    OptionalLong inFlight,
    OptionalLong retransmissions,
    OptionalLong sackReorders,
    OptionalLong srttUs,
    OptionalLong reordering,
    OptionalLong dsackDups,
    Optional<String> caState) {
  /**
   * A sample without the RTT, reordering level, DSACK count and congestion state (the fields a
   * series had before those four; they are empty).
   *
   * @param payloadBytes payload read so far
   * @param cwnd {@code tcpi_snd_cwnd}
   * @param ssthresh {@code tcpi_snd_ssthresh}, empty while infinite
   * @param inFlight segments in flight
   * @param retransmissions {@code tcpi_total_retrans} so far
   * @param sackReorders {@code TcpExtTCPSACKReorder} so far
   */
  public WorkloadSample(
      long payloadBytes,
      OptionalLong cwnd,
      OptionalLong ssthresh,
      OptionalLong inFlight,
      OptionalLong retransmissions,
      OptionalLong sackReorders) {
    this(
        payloadBytes,
        cwnd,
        ssthresh,
        inFlight,
        retransmissions,
        sackReorders,
        OptionalLong.empty(),
        OptionalLong.empty(),
        OptionalLong.empty(),
        Optional.empty());
  }

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
