package org.bondsim.tcp;

/**
 * Smoothed RTT and retransmission timeout as Linux keeps them ({@code tcp_rtt_estimator}, {@code
 * tcp_set_rto}; RFC 6298): SRTT gains 1/8 of each sample, the mean deviation 1/4, and the RTO is
 * SRTT plus the larger of 4 × deviation and the 200 ms minimum, at most 120 s.
 *
 * <p>Difference: Linux's per-round {@code mdev_max} bookkeeping is folded into the single deviation
 * term, and samples below SRTT are not damped.
 */
final class RttEstimator {
  static final long RTO_MIN_NS = 200_000_000L;
  static final long RTO_MAX_NS = 120_000_000_000L;

  private final long initialRtoNs;
  private long srttNs;
  private long rttvarNs;
  private long minRttNs = Long.MAX_VALUE;
  // 6.x's tcp_init_metrics: an RTO from the cached RTT that holds until the first sample.
  private long firstRtoNs;

  RttEstimator(long initialRtoNs) {
    this.initialRtoNs = initialRtoNs;
  }

  /** A sample that is also the minimum filter's (the handshake's: {@code tcp_synack_rtt_meas}). */
  void sample(long rttNs) {
    sample(rttNs, rttNs);
  }

  /**
   * {@code tcp_ack_update_rtt}: the smoothed RTT takes {@code seq_rtt_us}, the RTT of the oldest
   * segment the ACK newly acknowledged (or SACKed), while {@code tcp_update_rtt_min} takes {@code
   * ca_rtt_us}, that of the newest. Under reordering the two part: an ACK that fills a hole
   * acknowledges the late segment that made it and the ones sent after it, so the oldest one's RTT
   * carries the wait and the newest one's does not.
   *
   * <p>Difference: Linux's filter keeps the minimum over {@code tcp_min_rtt_wlen} (300 s) and skips
   * a suspected delayed ACK's larger sample; this keeps the minimum over the connection, which is
   * the same for runs shorter than the window.
   *
   * @param rttNs {@code seq_rtt_us}
   * @param minRttSampleNs {@code ca_rtt_us}
   */
  void sample(long rttNs, long minRttSampleNs) {
    long r = Math.max(rttNs, 1);
    firstRtoNs = 0;
    // Linux counts whole microseconds and takes a 0 us sample as a jiffy (tcp_update_rtt_min);
    // a round trip over any modelled link is longer than a microsecond.
    minRttNs = Math.min(minRttNs, Math.max(minRttSampleNs, 1));
    if (srttNs == 0) {
      srttNs = r;
      rttvarNs = r / 2;
      return;
    }
    long error = Math.abs(r - srttNs);
    rttvarNs += (error - rttvarNs) / 4;
    srttNs += (r - srttNs) / 8;
  }

  /**
   * {@code tcp_ack_update_rtt}: which of an ACK's measurements the estimator takes, as the kernel's
   * rule says ({@link KernelProfile.RttSamples}). Karn's rule holds throughout: the ACK's own
   * timing gives nothing when a released segment was ever retransmitted.
   *
   * @param rule the kernel's
   * @param sample the ACK ({@code seq_rtt_us}, {@code sack_rtt_us}; 6.x's echo also becomes its
   *     {@code ca_rtt_us})
   * @param echoNs the timestamp echo's age on an ACK that advanced, or -1
   * @return the sample, or -1 for none
   */
  static long pick(KernelProfile.RttSamples rule, AckSample sample, long echoNs) {
    if (rule == KernelProfile.RttSamples.TIMESTAMP_FIRST) {
      // tcp_rtt_estimator takes an echo of 0 ticks as 1.
      return echoNs >= 0 ? Math.max(echoNs, 1_000_000L) : sample.rttNs;
    }
    long rttNs = sample.rttNs >= 0 ? sample.rttNs : sample.sackRttNs;
    if (rttNs >= 0 || echoNs < 0 || rule == KernelProfile.RttSamples.ACK_SACK_JIFFIES_TIMESTAMP) {
      return rttNs >= 0 ? rttNs : echoNs;
    }
    // 6.x: at least a millisecond, and the module's and min_rtt's sample too.
    sample.caRttNs = Math.max(echoNs, 1_000_000L);
    return sample.caRttNs;
  }

  boolean hasSample() {
    return srttNs > 0;
  }

  long srttNs() {
    return srttNs;
  }

  long rttvarNs() {
    return rttvarNs;
  }

  long minRttNs() {
    return minRttNs == Long.MAX_VALUE ? 0 : minRttNs;
  }

  /**
   * 2.6.37's {@code tcp_init_metrics}: a cached RTT and deviation above the estimator's replace
   * them.
   */
  void raiseTo(long cachedSrttNs, long cachedRttvarNs) {
    srttNs = Math.max(srttNs, cachedSrttNs);
    rttvarNs = Math.max(rttvarNs, cachedRttvarNs);
  }

  /** 2.6.37's {@code tcp_init_metrics} reset: forget every sample ("FORGET ALL AND RESET"). */
  void forget() {
    srttNs = 0;
    rttvarNs = 0;
  }

  /** 6.x's {@code tcp_init_metrics}: the RTO until the first sample, from a cached RTT. */
  void firstRto(long rtoNs) {
    firstRtoNs = rtoNs;
  }

  long rtoNs() {
    if (firstRtoNs > 0) {
      return firstRtoNs;
    }
    if (srttNs == 0) {
      return initialRtoNs;
    }
    return Math.min(RTO_MAX_NS, srttNs + Math.max(4 * rttvarNs, RTO_MIN_NS));
  }
}
