package org.bondsim.tcp;

/**
 * cwnd and ssthresh in packets, with slow start and the congestion-control module that grows the
 * window past it ({@code tcp_cong_avoid}, {@code tcp_slow_start}) and sets ssthresh at a loss.
 * Window reduction during recovery ({@link WindowReduction}) and undo write cwnd directly.
 */
final class CongestionWindow {
  private final CongestionControl cc;
  private final boolean growsPerPacket;
  private final int initialCwnd;
  int cwnd;
  int ssthresh = Integer.MAX_VALUE;
  private boolean cwndLimited;
  private int maxPacketsOut;
  private long cwndUsageSeq = -1;

  CongestionWindow(TcpSettings settings) {
    KernelProfile profile = settings.profile();
    this.cc = CongestionControl.named(settings.congestionControl(), profile);
    this.growsPerPacket = profile.growsPerPacket();
    this.cwnd = profile.initialCwnd();
    this.initialCwnd = profile.initialCwnd();
  }

  boolean inSlowStart() {
    return cwnd < ssthresh;
  }

  /** Data waited and only the window stopped it ({@code is_cwnd_limited}). */
  void markLimited() {
    cwndLimited = true;
  }

  /**
   * A transmission left {@code packetsOut} segments unacknowledged: {@code tcp_cwnd_validate}'s
   * {@code max_packets_out}, the most in flight during the current window: in slow start a flow
   * that used half the window counts as window-limited, so an application-limited flow grows to
   * twice what it sent (3.x and later; 2.6.37's {@code tcp_is_cwnd_limited} differs and is not
   * followed: the model applies the rule with the per-packet growth of those kernels only).
   */
  void noteSent(int packetsOut, long sndUna, long sndNxt) {
    if (sndUna >= cwndUsageSeq || packetsOut > maxPacketsOut) {
      maxPacketsOut = packetsOut;
      cwndUsageSeq = sndNxt;
    }
  }

  /** {@code tcp_is_cwnd_limited}: the window was the limit, or slow start was using half of it. */
  private boolean limited() {
    return cwndLimited || (growsPerPacket && inSlowStart() && cwnd < 2 * maxPacketsOut);
  }

  /**
   * {@code tcp_cwnd_restart} (RFC 2861): after {@code idleNs} without sending, more than one RTO,
   * ssthresh keeps at least three quarters of cwnd ({@code tcp_current_ssthresh}) and cwnd halves
   * once per RTO of idleness, down to the initial window at most. Difference: CUBIC's own reaction
   * to the restart event (its epoch) is not modelled.
   */
  void restartAfterIdle(long idleNs, long rtoNs) {
    int restart = Math.min(initialCwnd, cwnd);
    if (ssthresh != Integer.MAX_VALUE) {
      ssthresh = Math.max(ssthresh, (cwnd >> 1) + (cwnd >> 2));
    }
    int window = cwnd;
    long left = idleNs;
    while ((left -= rtoNs) > 0 && window > restart) {
      window >>= 1;
    }
    cwnd = Math.max(window, restart);
  }

  /** An RTT sample from a cumulative ACK: the module may end slow start. */
  void onRttSample(long rttNs, long sndUna, long sndNxt, long minRttNs) {
    if (inSlowStart() && cc.exitSlowStart(rttNs, cwnd, sndUna, sndNxt, minRttNs)) {
      ssthresh = cwnd;
    }
  }

  /** A loss (recovery, RTO or a repaired tail loss probe): the module's ssthresh. */
  void onLoss() {
    ssthresh = cc.ssthreshAfterLoss(cwnd);
    cc.onLoss();
  }

  /**
   * {@code tcp_may_raise_cwnd} then {@code tcp_cong_avoid}: grows on cumulative progress, or on any
   * delivery (SACKs too) once reordering was raised above the sysctl, and only while the window was
   * the limit. 6.x grows by packets delivered; 2.6.37 by one per such ACK.
   *
   * @param sample the ACK
   * @param reorderingRaised whether the reordering level is above tcp_reordering
   * @param nowNs the time
   * @param minRttNs the minimum RTT
   */
  void grow(AckSample sample, boolean reorderingRaised, long nowNs, long minRttNs) {
    int newlyDelivered = sample.newlyDelivered;
    boolean progress;
    if (!growsPerPacket) {
      progress = newlyDelivered > 0;
    } else {
      progress = reorderingRaised ? newlyDelivered > 0 : sample.acked > 0;
    }
    if (!progress || !limited()) {
      return;
    }
    cwndLimited = false;
    int packets = growsPerPacket ? newlyDelivered : 1;
    if (cwnd < ssthresh) {
      cwnd =
          Math.min(
              cwnd + packets,
              ssthresh == Integer.MAX_VALUE ? cwnd + packets : Math.max(ssthresh, cwnd + 1));
      return;
    }
    cwnd = cc.congestionAvoidance(cwnd, packets, nowNs, minRttNs);
  }
}
