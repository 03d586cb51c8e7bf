package org.bondsim.tcp;

import java.util.OptionalInt;

/**
 * A connection's state in {@code struct tcp_info}'s terms, for the workload that reports it.
 *
 * @param cwnd {@code tcpi_snd_cwnd}, segments
 * @param ssthresh {@code tcpi_snd_ssthresh}; empty while it is Linux's "infinite"
 *     (TCP_INFINITE_SSTHRESH)
 * @param srttUs smoothed RTT, µs
 * @param rttvarUs RTT variance, µs
 * @param reordering {@code tcpi_reordering}, segments
 * @param retransmitted segments retransmitted ({@code tcpi_total_retrans})
 * @param delivered segments delivered ({@code tcpi_delivered})
 * @param sndUna snd_una
 * @param sndNxt snd_nxt
 */
public record TcpState(
    int cwnd,
    OptionalInt ssthresh,
    double srttUs,
    double rttvarUs,
    int reordering,
    long retransmitted,
    long delivered,
    long sndUna,
    long sndNxt) {}
