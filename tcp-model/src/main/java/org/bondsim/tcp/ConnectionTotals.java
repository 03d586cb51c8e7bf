package org.bondsim.tcp;

/**
 * One connection's totals as {@code struct tcp_info} reports them ({@code tcpi_segs_out}, {@code
 * tcpi_segs_in}, {@code tcpi_data_segs_out}, {@code tcpi_data_segs_in}, {@code tcpi_bytes_sent},
 * {@code tcpi_bytes_retrans}, {@code tcpi_bytes_received}); the host-wide nstat counters are {@link
 * TcpCounters}.
 */
final class ConnectionTotals {
  long segsOut;
  long segsIn;
  long dataSegsOut;
  long dataSegsIn;
  long bytesSent;
  long bytesRetrans;
  long bytesReceived;
}
