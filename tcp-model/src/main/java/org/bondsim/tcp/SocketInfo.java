package org.bondsim.tcp;

import java.util.Map;
import java.util.OptionalLong;

/**
 * A socket's {@code struct tcp_info} ({@code tcp_get_info} in {@code net/ipv4/tcp.c}), the fields
 * the model keeps, in Linux's units: segments for the counts, microseconds for the times.
 *
 * @param caState {@code tcpi_ca_state}: Linux's {@code TCP_CA_Open} 0, {@code TCP_CA_Disorder} 1,
 *     {@code TCP_CA_CWR} 2 (never: the model has no ECN or local congestion), {@code
 *     TCP_CA_Recovery} 3, {@code TCP_CA_Loss} 4
 * @param sndCwnd {@code tcpi_snd_cwnd}
 * @param sndSsthresh {@code tcpi_snd_ssthresh}; Linux's {@code TCP_INFINITE_SSTHRESH} (0x7fffffff)
 *     before the first reduction
 * @param unacked {@code tcpi_unacked} ({@code packets_out})
 * @param sacked {@code tcpi_sacked} ({@code sacked_out})
 * @param lost {@code tcpi_lost} ({@code lost_out})
 * @param retrans {@code tcpi_retrans} ({@code retrans_out})
 * @param totalRetrans {@code tcpi_total_retrans}
 * @param reordering {@code tcpi_reordering}
 * @param rtoUs {@code tcpi_rto}, the current timeout with back-off
 * @param rttUs {@code tcpi_rtt}, the smoothed RTT
 * @param rttvarUs {@code tcpi_rttvar}
 * @param sndMss {@code tcpi_snd_mss}
 * @param rcvMss {@code tcpi_rcv_mss}
 * @param delivered {@code tcpi_delivered}
 * @param lastDataRecvMs {@code tcpi_last_data_recv}: milliseconds, in whole ticks ({@code
 *     jiffies_to_msecs}), since the connection was established or in-order data last arrived
 * @param dsackDups {@code tcpi_dsack_dups}: the duplicate segments the peer's DSACKs reported
 *     ({@code tp->dsack_dups}, counted in {@code tcp_dsack_seen}), or -1 on a kernel without it
 *     (the {@code tcp_info} of 2.6.37 and 3.16 ends long before this field)
 */
public record SocketInfo(
    int caState,
    long sndCwnd,
    long sndSsthresh,
    long unacked,
    long sacked,
    long lost,
    long retrans,
    long totalRetrans,
    long reordering,
    long rtoUs,
    long rttUs,
    long rttvarUs,
    long sndMss,
    long rcvMss,
    long delivered,
    long lastDataRecvMs,
    long dsackDups) {
  /** Linux's {@code TCP_CA_*} names and values ({@code include/uapi/linux/tcp.h}). */
  public static final Map<String, Long> CA_STATES =
      Map.of(
          "TCP_CA_Open", 0L,
          "TCP_CA_Disorder", 1L,
          "TCP_CA_CWR", 2L,
          "TCP_CA_Recovery", 3L,
          "TCP_CA_Loss", 4L);

  /**
   * Returns a field by its {@code tcp_info} name.
   *
   * @param name for example {@code tcpi_snd_cwnd}
   * @return the value, or empty when the model does not keep that field
   */
  public OptionalLong field(String name) {
    return switch (name) {
      case "tcpi_ca_state" -> OptionalLong.of(caState);
      case "tcpi_snd_cwnd" -> OptionalLong.of(sndCwnd);
      case "tcpi_snd_ssthresh" -> OptionalLong.of(sndSsthresh);
      case "tcpi_unacked" -> OptionalLong.of(unacked);
      case "tcpi_sacked" -> OptionalLong.of(sacked);
      case "tcpi_lost" -> OptionalLong.of(lost);
      case "tcpi_retrans" -> OptionalLong.of(retrans);
      case "tcpi_total_retrans" -> OptionalLong.of(totalRetrans);
      case "tcpi_reordering" -> OptionalLong.of(reordering);
      case "tcpi_rto" -> OptionalLong.of(rtoUs);
      case "tcpi_rtt" -> OptionalLong.of(rttUs);
      case "tcpi_rttvar" -> OptionalLong.of(rttvarUs);
      case "tcpi_snd_mss" -> OptionalLong.of(sndMss);
      case "tcpi_rcv_mss" -> OptionalLong.of(rcvMss);
      case "tcpi_delivered" -> OptionalLong.of(delivered);
      case "tcpi_last_data_recv" -> OptionalLong.of(lastDataRecvMs);
      case "tcpi_dsack_dups" -> dsackDups >= 0 ? OptionalLong.of(dsackDups) : OptionalLong.empty();
      default -> OptionalLong.empty();
    };
  }
}
