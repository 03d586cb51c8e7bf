package org.bondsim.tcp;

/**
 * HyStart's delay detector ({@code tcp_cubic.c}, {@code hystart_update} with {@code
 * HYSTART_DELAY}): from a window of 16 ({@code hystart_low_window}) in slow start, the minimum of
 * the first eight RTT samples of each round ({@code HYSTART_MIN_SAMPLES}) is compared with the
 * connection's minimum; a rise of more than min_rtt/8, clamped to the kernel's lower bound and 16
 * ms, ends slow start. Difference: the ACK-train detector is not modelled.
 */
final class HyStart {
  private static final int LOW_WINDOW = 16;
  private static final int MIN_SAMPLES = 8;
  private static final long DELAY_MAX_NS = 16_000_000L;

  private final long delayMinNs;
  private long roundEnd;
  private long roundMinNs = Long.MAX_VALUE;
  private int samples;
  private boolean done;

  HyStart(long delayMinNs) {
    this.delayMinNs = delayMinNs;
  }

  /**
   * Takes one RTT sample in slow start.
   *
   * @return true when slow start should end here (ssthresh = cwnd)
   */
  boolean exitSlowStart(long rttNs, int cwnd, long sndUna, long sndNxt, long minRttNs) {
    if (done || cwnd < LOW_WINDOW) {
      return false;
    }
    if (sndUna >= roundEnd) {
      roundEnd = sndNxt;
      roundMinNs = Long.MAX_VALUE;
      samples = 0;
    }
    if (samples < MIN_SAMPLES) {
      samples++;
      roundMinNs = Math.min(roundMinNs, rttNs);
      if (samples == MIN_SAMPLES) {
        long threshold = Math.max(delayMinNs, Math.min(DELAY_MAX_NS, minRttNs / 8));
        if (roundMinNs >= minRttNs + threshold) {
          done = true;
          return true;
        }
      }
    }
    return false;
  }
}
