package org.bondsim.tcp;

import org.bondsim.api.stack.Timer;

/**
 * Linux's one retransmission timer ({@code icsk_retransmit_timer}), which {@code icsk_pending}
 * gives to the RTO ({@code ICSK_TIME_RETRANS}), a loss probe ({@code ICSK_TIME_LOSS_PROBE}) or
 * RACK's reorder timeout ({@code ICSK_TIME_REO_TIMEOUT}), each arming taking it from the others
 * (net/ipv4/tcp_input.c, tcp_output.c, tcp_recovery.c, tcp_timer.c; the same in 6.1 and 6.17). The
 * model keeps three {@link Timer}s and applies the rules by which one replaces another:
 *
 * <ul>
 *   <li>{@code tcp_rack_mark_lost} arming the reorder timeout on an ACK replaces the RTO and any
 *       probe ({@code tcp_identify_packet_loss} then clears {@code FLAG_SET_XMIT_TIMER});
 *   <li>otherwise an ACK of new data ({@code FLAG_SET_XMIT_TIMER}, {@code tcp_set_xmit_timer})
 *       gives the timer to a probe or, when none may go, to the RTO, dropping a reorder timeout
 *       armed on an earlier ACK: the losses it waited for wait for the next ACK that moves RACK, or
 *       the RTO. An RTO that replaces a reorder timeout or a probe counts from the head's last
 *       transmission ({@code tcp_rearm_rto}, {@code tcp_rto_delta_us}), at least a microsecond;
 *   <li>the reorder timeout, when it has run, gives the timer back to the RTO the same way ({@code
 *       tcp_rack_reo_timeout});
 *   <li>resending the head in recovery restarts the RTO from now unless the reorder timeout holds
 *       the timer ({@code tcp_xmit_retransmit_queue}; 2.6.37 and 3.16 always restart it);
 *   <li>new data sent with data already out and a reorder timeout pending leaves the timer alone
 *       ({@code tcp_event_new_data_sent} re-arms only with nothing out before, or over a probe).
 * </ul>
 *
 * <p>With {@code bondsim.xmit_timer separate} (which the crosscheck runs kept from before
 * 2026-12-08 name) none of these rules applies, as bondsim ran before: the three run apart, a
 * reorder timeout only cancelling the probe.
 */
final class XmitTimer {
  private final boolean shared;
  // The rules that involve the reorder timeout: shared, and RACK on (tcp_recovery bit 1).
  private final boolean rackRules;
  private final RetransmitTimer rto;
  private final LossProbe probe;
  private final TcpSock sock;
  private final Rack rack;
  private final Timer reorder;

  /**
   * @param context the host, which makes the reorder timer
   * @param settings whether Linux's rules apply ({@link TcpSettings#sharedXmitTimer}) and RACK
   * @param rto the RTO
   * @param probe the loss probe
   * @param rack RACK, which says whether it armed the reorder timeout on an ACK
   * @param sock the connection: the retransmit queue, whose head the RTO counts from, and the
   *     recovery and transmitter the reorder timeout runs ({@code tcp_rack_reo_timeout})
   */
  XmitTimer(
      TcpHost context,
      TcpSettings settings,
      RetransmitTimer rto,
      LossProbe probe,
      Rack rack,
      TcpSock sock) {
    this.shared = settings.sharedXmitTimer();
    this.rackRules = shared && settings.rack();
    this.rto = rto;
    this.probe = probe;
    this.sock = sock;
    this.rack = rack;
    this.reorder = context.newTimer(this::onReorderTimeout);
  }

  /**
   * {@code tcp_rack_reo_timeout}: marks what is late and retransmits, then gives the timer back to
   * the RTO.
   */
  private void onReorderTimeout() {
    sock.recovery.onRackTimeout();
    sock.transmitter.trySend();
    if (shared) {
      rearmFromHead();
    }
  }

  /** RACK's reorder timeout ({@link Rack} arms it). */
  Timer reorderTimer() {
    return reorder;
  }

  /** An ACK's processing starts; returns whether a probe holds the timer. */
  boolean startAck() {
    rack.startAck();
    return probe.armed();
  }

  /**
   * The ACK's losses are marked and nothing is sent yet ({@code tcp_set_xmit_timer}, which Linux
   * runs before {@code tcp_xmit_recovery}).
   *
   * @param setXmitTimer whether the ACK acknowledged new data
   * @param probePending what {@link #startAck} returned
   */
  void afterLossMarking(boolean setXmitTimer, boolean probePending) {
    if (!rackRules) {
      return;
    }
    if (rack.armedOnAck()) {
      rto.cancel();
      probe.cancel();
      return;
    }
    if (!setXmitTimer || sock.queue.size() == 0) {
      return;
    }
    boolean reorderPending = reorder.armed();
    reorder.cancel();
    if ((reorderPending || probePending) && !probe.mayArm()) {
      rearmFromHead();
    }
  }

  /** An old ACK ({@code tcp_ack}'s {@code old_ack}) had its SACK blocks tagged. */
  void afterOldAck() {
    if (rackRules && rack.armedOnAck()) {
      rto.cancel();
    }
  }

  /**
   * Whether some timer will wake the connection: the RTO, a probe or the reorder timeout ({@code
   * icsk_pending} not 0), as it must while data is out.
   */
  boolean anyArmed() {
    return rto.armed() || probe.armed() || reorder.armed();
  }

  /** Whether a pending reorder timeout is alone, as in Linux's one timer (always without it). */
  boolean reorderAlone() {
    return !shared || !reorder.armed() || !(rto.armed() || probe.armed());
  }

  /** Whether RACK's reorder timeout holds the timer (a probe then may not). */
  boolean reorderPending() {
    return reorder.armed();
  }

  /** Nothing is left out: no timer at all. */
  void queueEmpty() {
    rto.cancel();
    reorder.cancel();
  }

  /** Recovery resent the head ({@code tcp_xmit_retransmit_queue}'s {@code rearm_timer}). */
  void headResent() {
    if (shared && !reorder.armed()) {
      rto.arm();
      probe.cancel();
    }
  }

  /** A segment went out: the RTO times it unless it runs or the reorder timeout holds the timer. */
  void dataSent() {
    if (!shared || !reorder.armed()) {
      rto.armIfIdle();
    }
  }

  private void rearmFromHead() {
    if (sock.queue.size() > 0) {
      rto.armFromSent(sock.queue.sentAt(sock.queue.slot(0)));
    }
  }
}
