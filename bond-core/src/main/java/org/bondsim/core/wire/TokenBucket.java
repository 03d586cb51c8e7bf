package org.bondsim.core.wire;

/**
 * tc's token bucket filter ({@code sch_tbf}) as it releases packets: tokens are time, earned at one
 * per nanosecond up to the bucket's depth ({@code buffer}, the burst's time at the rate), and a
 * packet goes once the tokens reach its own time at the rate ({@code psched_l2t_ns}). A queue that
 * stays backlogged is thus released at the end of each packet's time at the rate, an idle one's
 * first packets at once.
 */
final class TokenBucket {
  private final long rateBitsPerSecond;
  private final long bufferNs;
  private final long maxSizeBytes;
  private long tokensNs;
  private long checkpointNs;

  /**
   * A bucket, {@code fill} full.
   *
   * @param rateBitsPerSecond the rate
   * @param burstBytes the bucket's depth in bytes
   * @param fill how full it starts, 0 to 1
   * @param overheadBytes what the rate counts per packet beyond the skb ({@code overhead})
   */
  TokenBucket(long rateBitsPerSecond, int burstBytes, double fill, int overheadBytes) {
    if (rateBitsPerSecond <= 0 || burstBytes <= 0) {
      throw new IllegalArgumentException(
          "tbf needs a rate and a burst above 0, got "
              + rateBitsPerSecond
              + " bit/s and "
              + burstBytes
              + " bytes");
    }
    this.rateBitsPerSecond = rateBitsPerSecond;
    if (!(fill >= 0 && fill <= 1)) {
      throw new IllegalArgumentException("a tbf's starting fill must be 0..1, got " + fill);
    }
    this.bufferNs = costNs(burstBytes);
    // tbf's max_size: the burst as a length at the rate, less the overhead (psched_ns_t2l).
    this.maxSizeBytes = burstBytes - overheadBytes;
    this.tokensNs = (long) (fill * bufferNs);
  }

  private long costNs(long bytes) {
    return (bytes * 8 * 1_000_000_000L + rateBitsPerSecond - 1) / rateBitsPerSecond;
  }

  private long tokensAt(long now) {
    return Math.min(bufferNs, Math.min(now - checkpointNs, bufferNs) + tokensNs);
  }

  /**
   * Whether a packet of {@code qdiscBytes} ({@code qdisc_pkt_len}: the skb's frames without their
   * overhead) is longer than the bucket takes whole: {@code tbf_enqueue} then cuts a GSO packet
   * into its segments ({@code tbf_segment}).
   */
  boolean longerThanMaxSize(long qdiscBytes) {
    return qdiscBytes > maxSizeBytes;
  }

  /**
   * How long a packet of {@code bytes} waits for its tokens from {@code now} ({@code tbf_dequeue}'s
   * watchdog).
   *
   * @return 0 when it may go now
   */
  long waitNs(long now, long bytes) {
    long left = tokensAt(now) - costNs(bytes);
    return left >= 0 ? 0 : -left;
  }

  /** Releases a packet of {@code bytes} now; {@link #waitNs} must have said 0. */
  void take(long now, long bytes) {
    tokensNs = tokensAt(now) - costNs(bytes);
    checkpointNs = now;
  }
}
