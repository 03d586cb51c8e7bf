package org.bondsim.tcp;

/** What both kernels' CUBIC share: slow start ended early by {@link HyStart}'s delay detector. */
abstract sealed class HyStartCubic implements CongestionControl permits Cubic, ClassicCubic {
  private final HyStart hyStart;

  HyStartCubic(long hystartDelayMinNs) {
    this.hyStart = new HyStart(hystartDelayMinNs);
  }

  @Override
  public final boolean exitSlowStart(
      long rttNs, int cwnd, long sndUna, long sndNxt, long minRttNs) {
    return hyStart.exitSlowStart(rttNs, cwnd, sndUna, sndNxt, minRttNs);
  }
}
