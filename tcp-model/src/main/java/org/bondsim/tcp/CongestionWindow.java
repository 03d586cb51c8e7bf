package org.bondsim.tcp;

import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.ConnectionView;

/**
 * cwnd and ssthresh in packets, with slow start and the congestion-control module that grows the
 * window past it ({@code tcp_cong_avoid}, {@code tcp_slow_start}) and sets ssthresh at a loss.
 * Window reduction during recovery ({@link WindowReduction}) and undo write cwnd directly.
 */
final class CongestionWindow {
  /** {@code sk_gso_max_size} of 2.6.37 ({@code GSO_MAX_SIZE}, 65536). */
  private static final int GSO_MAX_SIZE = 65536;

  private final CongestionControl cc;
  private final KernelProfile.Growth growth;
  private final KernelProfile profile;
  private int initialCwnd;
  // 2.6.37: tcp_is_cwnd_limited from the ACK's prior in-flight, and tcp_moderate_cwnd.
  private final boolean moderates;
  private final boolean gso;
  int cwnd;
  int ssthresh = Integer.MAX_VALUE;
  private boolean cwndLimited;
  private int maxPacketsOut;
  private long cwndUsageSeq = -1;

  // The connection as the module sees it.
  private final ConnectionView view;

  CongestionWindow(TcpSettings settings, CongestionControl cc, ConnectionView view) {
    KernelProfile profile = settings.profile();
    this.cc = cc;
    this.view = view;
    this.growth = profile.growth();
    this.profile = profile;
    // The handshake settles the MSS (onEstablished); until then, the window for Ethernet's MSS.
    this.initialCwnd = profile.initialCwnd(1460);
    this.cwnd = initialCwnd;
    this.moderates = profile.moderatesCwnd();
    this.gso = settings.gso();
  }

  /** The handshake settled the MSS: the first window ({@code tcp_init_cwnd}). */
  void onEstablished(int mss) {
    initialCwnd = profile.initialCwnd(mss);
    cwnd = initialCwnd;
  }

  boolean inSlowStart() {
    return cwnd < ssthresh;
  }

  /**
   * {@code tcp_cwnd_validate} after a {@code tcp_write_xmit} that sent new data or found cwnd full:
   * whether the window was the limit ({@code is_cwnd_limited}) holds for the rest of the window of
   * data then in flight ({@code cwnd_usage_seq}, Linux commit f4ce91ce12a7, "tcp: fix
   * tcp_cwnd_validate() to not forget is_cwnd_limited", in 6.1), unless a new limit comes first;
   * otherwise {@code max_packets_out} keeps the most in flight over that window. In slow start a
   * flow that used half the window counts as window-limited, so a flow held back by TCP small
   * queues grows to twice what it has out (3.x and later; 2.6.37 judges by the ACK's prior
   * in-flight instead, {@link #limitedBefore}).
   *
   * @param limitedNow whether what is in flight fills cwnd
   * @param packetsOut segments sent and not cumulatively acknowledged
   * @param sndUna snd_una
   * @param sndNxt snd_nxt
   */
  void validate(boolean limitedNow, int packetsOut, long sndUna, long sndNxt) {
    if (sndUna >= cwndUsageSeq || limitedNow || (!cwndLimited && packetsOut > maxPacketsOut)) {
      cwndLimited = limitedNow;
      maxPacketsOut = packetsOut;
      cwndUsageSeq = sndNxt;
    }
  }

  /** {@code tcp_is_cwnd_limited}: the window was the limit, or slow start was using half of it. */
  private boolean limited() {
    return cwndLimited
        || (growth != KernelProfile.Growth.PER_ACK && inSlowStart() && cwnd < 2 * maxPacketsOut);
  }

  /**
   * 2.6.37's {@code tcp_is_cwnd_limited(sk, prior_in_flight)} ({@code net/ipv4/tcp_cong.c}): the
   * segments in flight before the ACK filled the window, or left at most {@code tcp_max_burst} (the
   * reordering level) of it free, or, with GSO, less than a third of it and less than one 64 KB
   * packet ({@code tcp_tso_win_divisor}, {@code sk_gso_max_size}).
   */
  private boolean limitedBefore(int priorInFlight, int reorderingLevel, int mss) {
    if (priorInFlight >= cwnd) {
      return true;
    }
    long left = cwnd - priorInFlight;
    if (gso && left * TsoDeferral.WIN_DIVISOR < cwnd && left * mss < GSO_MAX_SIZE) {
      return true;
    }
    return left <= reorderingLevel;
  }

  /**
   * 2.6.37's {@code tcp_moderate_cwnd}, "preventing bursts due to too big ACKs in dubious
   * situations": cwnd falls to what is in flight plus {@code tcp_max_burst}, which 2.6.37 defines
   * as {@code tp->reordering}. It runs on every dubious ACK that does not start a recovery ({@code
   * tcp_try_to_open}), after every undo ({@code tcp_undo_cwr}) and on every ACK in Loss that undoes
   * nothing. Linux 6.17 has no such clamp; a no-op on the model's 6.x.
   *
   * @param inFlight {@code tcp_packets_in_flight} now
   * @param reorderingLevel {@code tp->reordering}
   */
  void moderate(int inFlight, int reorderingLevel) {
    if (moderates) {
      cwnd = Math.min(cwnd, inFlight + reorderingLevel);
    }
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

  /**
   * {@code pkts_acked}: the module's RTT bookkeeping and ACK ratio; HyStart may end slow start
   * (ssthresh = cwnd).
   */
  void onPacketsAcked(AckSample sample) {
    if (cc.pktsAcked(view, sample)) {
      ssthresh = cwnd;
    }
  }

  /** An undo ({@code tcp_undo_cwr}): the module says what window comes back. */
  void undo(int priorCwnd) {
    cwnd = cc.undoCwnd(view, priorCwnd);
  }

  /** An RTO put the connection in Loss ({@code set_state(TCP_CA_Loss)}). */
  void onLossState() {
    cc.onLossState(view);
  }

  /** A loss (recovery, RTO or a repaired tail loss probe): the module's ssthresh. */
  void onLoss() {
    ssthresh = cc.ssthresh(view);
    cc.onLoss(view);
  }

  /**
   * Whether {@link #grow} runs before the state machine ({@link
   * KernelProfile.Growth#beforeStateMachine}).
   */
  boolean growsBeforeStateMachine() {
    return growth.beforeStateMachine();
  }

  /**
   * {@code tcp_may_raise_cwnd} then {@code tcp_cong_avoid}, only while the window was the limit.
   * 6.x grows on cumulative progress, or on any delivery (SACKs too) once reordering was raised
   * above the sysctl, by packets delivered. 2.6.37's {@code tcp_ack} calls {@code tcp_cong_avoid}
   * only for an ACK that acknowledged new data ({@code FLAG_DATA_ACKED}), whatever the reordering
   * level, and grows by one per such ACK; its window test is {@link #limitedBefore}'s. 3.16 gates
   * as 6.x and slow-starts by the packets the ACK released, congestion avoidance one step per ACK
   * ({@link KernelProfile.Growth#SLOW_START_BY_PACKETS}).
   *
   * @param sample the ACK
   * @param reordering the reordering level and whether it is above tcp_reordering
   * @param mss the sender's MSS
   */
  void grow(AckSample sample, ReorderingEstimator reordering, int mss) {
    if (sample.oldAck) {
      // tcp_ack returns from old_ack before tcp_cong_control.
      return;
    }
    int newlyDelivered = sample.newlyDelivered;
    boolean perPacket = growth == KernelProfile.Growth.PER_PACKET;
    boolean progress;
    if (growth == KernelProfile.Growth.PER_ACK) {
      progress = sample.advanced;
    } else {
      progress = reordering.raised() ? newlyDelivered > 0 : sample.acked > 0;
    }
    if (!progress) {
      return;
    }
    boolean limited =
        moderates ? limitedBefore(sample.priorInFlight, reordering.level(), mss) : limited();
    if (!limited) {
      return;
    }
    int packets =
        switch (growth) {
          case PER_ACK -> 1;
          case SLOW_START_BY_PACKETS -> sample.released;
          case PER_PACKET -> newlyDelivered;
        };
    // 2.6.37's and 3.16's modules slow-start while cwnd <= ssthresh (tcp_reno_cong_avoid,
    // bictcp_cong_avoid); 4.x and later's tcp_in_slow_start while cwnd < ssthresh.
    if (cwnd < ssthresh || (!perPacket && cwnd == ssthresh)) {
      cc.onSlowStartAck(view, sample);
      // tcp_slow_start: up to ssthresh + 1 on 2.6.37 and 3.16 (cwnd <= ssthresh slow-starts),
      // ssthresh since 4.x, which hands what is left to congestion avoidance; 3.16's returns it
      // to callers that drop it.
      long cap =
          ssthresh == Integer.MAX_VALUE ? Integer.MAX_VALUE : ssthresh + (perPacket ? 0 : 1L);
      int grown = (int) Math.min(cwnd + (long) packets, cap);
      packets -= grown - cwnd;
      cwnd = grown;
      if (!perPacket || packets <= 0) {
        return;
      }
    }
    if (!perPacket) {
      // One step of the module's count per ACK (tcp_cong_avoid_ai).
      packets = 1;
    }
    cwnd = cc.congestionAvoidance(view, packets);
  }
}
