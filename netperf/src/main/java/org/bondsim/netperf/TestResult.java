package org.bondsim.netperf;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The figures one netperf test measured, typed per test: code reads {@code result instanceof
 * TestResult.TcpRr rr ? rr.transactionsPerSecond() : …} instead of looking names up in a map. A
 * workload that is none of netperf's is seen as {@link Other} ({@link NetperfResult#typed}).
 *
 * <p>{@link #fields()} gives the same figures under the names the JSON report uses, in a fixed
 * order; a figure the run could not measure is {@code null} there, never a plausible number.
 */
public sealed interface TestResult {
  /**
   * Returns the figures under their machine-readable names, in a fixed order.
   *
   * @return name to a {@link Number}, {@link String}, nested map or {@code null} for unknown
   */
  Map<String, Object> fields();

  /**
   * TCP_STREAM: what netperf prints, and the first stream's sending socket as {@code ss -ti} sees
   * it.
   *
   * @param messageSize {@code -m}: bytes per send() call
   * @param sendSocketSize the local send buffer netperf reports ({@code getsockopt(SO_SNDBUF)})
   * @param recvSocketSize the remote receive buffer netperf reports
   * @param bytesReceived payload bytes the receiving application read in the measured interval
   * @param connection the sending socket's state at the end
   */
  record TcpStream(
      int messageSize,
      int sendSocketSize,
      int recvSocketSize,
      long bytesReceived,
      TcpInfo connection)
      implements TestResult {
    /**
     * Checks the socket state is there.
     *
     * @param messageSize messageSize
     * @param sendSocketSize sendSocketSize
     * @param recvSocketSize recvSocketSize
     * @param bytesReceived bytesReceived
     * @param connection connection
     */
    public TcpStream {
      Objects.requireNonNull(connection, "connection");
    }

    @Override
    public Map<String, Object> fields() {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("message_size", messageSize);
      fields.put("send_socket_size", sendSocketSize);
      fields.put("recv_socket_size", recvSocketSize);
      fields.put("bytes_received", bytesReceived);
      fields.put("connection", connection.fields());
      return fields;
    }
  }

  /**
   * TCP_RR: transactions and their round-trip latency.
   *
   * @param requestSize {@code -r} request bytes
   * @param responseSize {@code -r} response bytes
   * @param transactions transactions completed in the instances' windows
   * @param transactionsPerSecond the aggregate rate over the interval every instance was timing
   *     (with instances started together, netperf's "Trans. Rate per sec"); NaN when they never all
   *     ran at once
   * @param transactionsPerSecondSummed each instance's own rate over its window, added up: what a
   *     script summing separately launched netperf instances reports
   * @param latency the latency figures, empty when no transaction completed
   */
  record TcpRr(
      int requestSize,
      int responseSize,
      long transactions,
      double transactionsPerSecond,
      double transactionsPerSecondSummed,
      Optional<Latency> latency)
      implements TestResult {
    /**
     * Checks the latency is given (empty or not).
     *
     * @param requestSize requestSize
     * @param responseSize responseSize
     * @param transactions transactions
     * @param transactionsPerSecond transactionsPerSecond
     * @param transactionsPerSecondSummed transactionsPerSecondSummed
     * @param latency latency
     */
    public TcpRr {
      Objects.requireNonNull(latency, "latency");
    }

    /**
     * Instances that started together: the summed rate is the aggregate.
     *
     * @param requestSize requestSize
     * @param responseSize responseSize
     * @param transactions transactions
     * @param transactionsPerSecond transactionsPerSecond
     * @param latency latency
     */
    public TcpRr(
        int requestSize,
        int responseSize,
        long transactions,
        double transactionsPerSecond,
        Optional<Latency> latency) {
      this(
          requestSize,
          responseSize,
          transactions,
          transactionsPerSecond,
          transactionsPerSecond,
          latency);
    }

    @Override
    public Map<String, Object> fields() {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("request_size", requestSize);
      fields.put("response_size", responseSize);
      fields.put("transactions", transactions);
      // Unknown (instances that never all ran at once) is null, not a number.
      fields.put(
          "transactions_per_s", Double.isNaN(transactionsPerSecond) ? null : transactionsPerSecond);
      fields.put("transactions_per_s_summed", transactionsPerSecondSummed);
      // With no transaction there is no latency to report: null, not 0.
      Latency l = latency.orElse(null);
      fields.put("mean_latency_us", l == null ? null : l.meanUs());
      fields.put("p50_latency_us", l == null ? null : l.p50Us());
      fields.put("p90_latency_us", l == null ? null : l.p90Us());
      fields.put("p99_latency_us", l == null ? null : l.p99Us());
      fields.put("min_latency_us", l == null || l.minUs() < 0 ? null : l.minUs());
      fields.put("max_latency_us", l == null || l.maxUs() < 0 ? null : l.maxUs());
      fields.put(
          "stddev_latency_us", l == null || Double.isNaN(l.stddevUs()) ? null : l.stddevUs());
      return fields;
    }
  }

  /**
   * TCP_RR's round-trip latency (netperf's {@code -j} figures).
   *
   * @param meanUs mean, µs
   * @param p50Us median, whole µs
   * @param p90Us 90th percentile, whole µs
   * @param p99Us 99th percentile, whole µs
   * @param minUs the shortest, whole µs; -1 when the test does not keep it
   * @param maxUs the longest, whole µs; -1 when the test does not keep it
   * @param stddevUs the standard deviation, µs; NaN when the test does not keep it
   */
  record Latency(
      double meanUs, long p50Us, long p90Us, long p99Us, long minUs, long maxUs, double stddevUs) {
    /**
     * The figures a test keeps without its extremes and spread (those unknown).
     *
     * @param meanUs mean, µs
     * @param p50Us median, whole µs
     * @param p90Us 90th percentile, whole µs
     * @param p99Us 99th percentile, whole µs
     */
    public Latency(double meanUs, long p50Us, long p90Us, long p99Us) {
      this(meanUs, p50Us, p90Us, p99Us, -1, -1, Double.NaN);
    }
  }

  /**
   * UDP_STREAM: messages sent and received, as netperf's two result lines.
   *
   * @param messageSize {@code -m}
   * @param sendSocketSize the local socket buffer
   * @param recvSocketSize the remote socket buffer
   * @param messagesSent messages the sender's send() calls accepted
   * @param sendErrors send() calls that failed with ENOBUFS (netperf's "Errors": it sets {@code
   *     IP_RECVERR}, so a frame the host drops on the way out fails its call)
   * @param messagesReceived messages the receiver read
   * @param sendThroughputMbps the sending side's rate, 10^6 bit/s
   */
  record UdpStream(
      int messageSize,
      int sendSocketSize,
      int recvSocketSize,
      long messagesSent,
      long sendErrors,
      long messagesReceived,
      double sendThroughputMbps)
      implements TestResult {
    @Override
    public Map<String, Object> fields() {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("message_size", messageSize);
      fields.put("send_socket_size", sendSocketSize);
      fields.put("recv_socket_size", recvSocketSize);
      fields.put("messages_sent", messagesSent);
      fields.put("send_errors", sendErrors);
      fields.put("messages_received", messagesReceived);
      fields.put("send_throughput_mbps", sendThroughputMbps);
      return fields;
    }
  }

  /**
   * Another workload's result, which netperf does not type: its figures by name.
   *
   * @param fields name to value, in the plugin's order
   */
  record Other(Map<String, Object> fields) implements TestResult {
    /**
     * Keeps the plugin's order and refuses later changes.
     *
     * @param fields fields
     */
    public Other {
      fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }
  }

  /**
   * A TCP socket's state in {@code struct tcp_info}'s terms, as {@code ss -ti} prints it.
   *
   * @param cwnd {@code tcpi_snd_cwnd}, segments
   * @param ssthresh {@code tcpi_snd_ssthresh}; empty while it is Linux's "infinite"
   *     (TCP_INFINITE_SSTHRESH)
   * @param srttUs smoothed RTT, µs
   * @param rttvarUs RTT variance, µs
   * @param reordering {@code tcpi_reordering}, segments
   * @param retrans segments retransmitted ({@code tcpi_total_retrans})
   * @param delivered segments delivered ({@code tcpi_delivered})
   * @param bytesAcked {@code tcpi_bytes_acked}
   * @param bytesSent {@code tcpi_bytes_sent}
   */
  record TcpInfo(
      int cwnd,
      OptionalInt ssthresh,
      double srttUs,
      double rttvarUs,
      int reordering,
      long retrans,
      long delivered,
      long bytesAcked,
      long bytesSent) {
    /**
     * Checks the threshold is given (empty or not).
     *
     * @param cwnd cwnd
     * @param ssthresh ssthresh
     * @param srttUs srttUs
     * @param rttvarUs rttvarUs
     * @param reordering reordering
     * @param retrans retrans
     * @param delivered delivered
     * @param bytesAcked bytesAcked
     * @param bytesSent bytesSent
     */
    public TcpInfo {
      Objects.requireNonNull(ssthresh, "ssthresh");
    }

    /**
     * Returns the state under its JSON names; an infinite ssthresh is {@code null}.
     *
     * @return name to value, in {@code ss}'s order
     */
    public Map<String, Object> fields() {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("cwnd", cwnd);
      s.put("ssthresh", ssthresh.isPresent() ? ssthresh.getAsInt() : null);
      s.put("srtt_us", srttUs);
      s.put("rttvar_us", rttvarUs);
      s.put("reordering", reordering);
      s.put("retrans", retrans);
      s.put("delivered", delivered);
      s.put("bytes_acked", bytesAcked);
      s.put("bytes_sent", bytesSent);
      return s;
    }
  }
}
