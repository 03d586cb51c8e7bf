package org.bondsim.core.scenario;

/**
 * The UDP_STREAM workload.
 *
 * @param messageBytes bytes per send ({@code -m}), 1..65507
 * @param sendBufferBytes local SO_SNDBUF ({@code -s}); Linux's net.core.wmem_default is 212992
 * @param receiveBufferBytes remote SO_RCVBUF ({@code -S}); Linux's net.core.rmem_default is 212992
 * @param rateBitsPerSecond payload rate per stream, or 0 for as fast as the socket allows
 * @param streams concurrent streams, each on its own source port
 * @param sendCostNs CPU time of one send() call on the sending host, at least 1 ns
 */
public record UdpStreamSpec(
    int messageBytes,
    int sendBufferBytes,
    int receiveBufferBytes,
    long rateBitsPerSecond,
    int streams,
    long sendCostNs) {
  /**
   * Default CPU time of one UDP send() call: about what a 2010s x86 core spends in sendmsg for a
   * 1.5 KB datagram. A parameter, not a fit: it only limits a stream that could otherwise send
   * faster than one million messages a second.
   */
  public static final long DEFAULT_SEND_COST_NS = 1000;

  /** Linux's default socket buffer size, net.core.wmem_default and rmem_default. */
  public static final int DEFAULT_SOCKET_BUFFER = 212992;

  /** The largest UDP payload over IPv4. */
  public static final int MAX_MESSAGE = 65507;

  /**
   * Checks the fields.
   *
   * @param messageBytes message size
   * @param sendBufferBytes send buffer
   * @param receiveBufferBytes receive buffer
   * @param rateBitsPerSecond rate
   * @param streams streams
   * @param sendCostNs send cost
   */
  public UdpStreamSpec {
    if (messageBytes < 1 || messageBytes > MAX_MESSAGE) {
      throw new IllegalArgumentException("-m must be 1.." + MAX_MESSAGE + ", got " + messageBytes);
    }
    // Linux doubles what setsockopt asks and enforces a minimum (SOCK_MIN_SNDBUF is about 4.6 KB).
    if (sendBufferBytes < 4608) {
      throw new IllegalArgumentException("-s must be at least 4608 bytes, got " + sendBufferBytes);
    }
    if (receiveBufferBytes < 2304) {
      throw new IllegalArgumentException(
          "-S must be at least 2304 bytes, got " + receiveBufferBytes);
    }
    if (rateBitsPerSecond < 0) {
      throw new IllegalArgumentException("rate must be >= 0, got " + rateBitsPerSecond);
    }
    if (streams < 1 || streams > 65536) {
      throw new IllegalArgumentException("--streams must be 1..65536, got " + streams);
    }
    if (sendCostNs < 1 || sendCostNs > 1_000_000_000L) {
      throw new IllegalArgumentException("--send-cost-ns must be 1..1000000000, got " + sendCostNs);
    }
  }

  /**
   * Returns a single stream with default buffers, as fast as possible.
   *
   * @param messageBytes message size
   * @return the spec
   */
  public static UdpStreamSpec of(int messageBytes) {
    return new UdpStreamSpec(
        messageBytes, DEFAULT_SOCKET_BUFFER, DEFAULT_SOCKET_BUFFER, 0, 1, DEFAULT_SEND_COST_NS);
  }
}
