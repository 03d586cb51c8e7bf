package org.bondsim.tcp;

/**
 * F-RTO as Linux 6.x runs it (RFC 5682's SACK-enhanced variant, {@code tp->frto} in {@code
 * tcp_enter_loss} and {@code tcp_process_loss}, {@code net.ipv4.tcp_frto} non-zero by default):
 * after an RTO the sender retransmits only the head, and the ACKs that follow tell a spurious
 * timeout from a real one.
 *
 * <ul>
 *   <li>Step 1 ({@code tcp_enter_loss}): on for an RTO that found no recovery under way (Open or
 *       Disorder), or one that repeats on the same snd_una.
 *   <li>Step 3.b: an ACK that (S)ACKs data sent once and before the RTO ({@code
 *       FLAG_ORIG_SACK_ACKED}: never retransmitted, ending at or below {@code high_seq}) proves the
 *       timeout spurious: the window reduction is undone ({@code tcp_try_undo_loss(sk, true)},
 *       counted as {@code TcpExtTCPLossUndo} and {@code TcpExtTCPSpuriousRTOs}).
 *   <li>Step 3.a: once new data went out past {@code high_seq}, a SACK or a duplicate ACK says the
 *       loss was real: F-RTO ends and Loss recovery goes on.
 *   <li>Step 2.b: the first ACK that advances snd_una without recovering everything moves {@code
 *       high_seq} to snd_nxt and sends new data instead of retransmissions ({@code REXMIT_NEW}), if
 *       there is unsent data the peer's window allows; otherwise F-RTO ends.
 * </ul>
 *
 * 2.6.37 has an older F-RTO, before Loss rather than in it: {@link ClassicFrto}.
 */
final class Frto {
  /** What an ACK in Loss does under F-RTO. */
  enum Step {
    /** Not F-RTO's call: conventional Loss processing. */
    NONE,
    /** Step 3.b: the timeout was spurious; undo. */
    SPURIOUS,
    /** Step 2.b: send new data on this ACK, not retransmissions. */
    SEND_NEW_DATA
  }

  private final boolean enabled;
  // tp->frto
  private boolean on;

  /**
   * @param enabled the kernel has this F-RTO and {@code net.ipv4.tcp_frto} is not 0
   */
  Frto(boolean enabled) {
    this.enabled = enabled;
  }

  /**
   * Step 1, at {@code tcp_enter_loss}.
   *
   * @param newRecovery the RTO found the connection below Recovery (Open or Disorder)
   * @param repeated an RTO before this one found snd_una where it is ({@code icsk_retransmits})
   */
  void onTimeout(boolean newRecovery, boolean repeated) {
    on = enabled && (newRecovery || repeated);
  }

  boolean on() {
    return on;
  }

  /** F-RTO ends: the loss was real, or the new data it wanted to send could not go. */
  void end() {
    on = false;
  }

  /**
   * Steps 3.b, 3.a and 2.b for an ACK in Loss that {@code tcp_try_undo_loss(sk, false)} did not
   * undo.
   *
   * @param sample the ACK
   * @param highSeq {@code high_seq}
   * @param sndNxt snd_nxt
   * @param canSendNewData unsent data waits and the peer's window reaches past snd_nxt
   * @return what to do
   */
  Step onAckInLoss(AckSample sample, long highSeq, long sndNxt, boolean canSendNewData) {
    if (!on) {
      return Step.NONE;
    }
    if (sample.origAckedEnd >= 0 && sample.origAckedEnd <= highSeq) {
      return Step.SPURIOUS;
    }
    boolean recovered = sample.sndUna() >= highSeq;
    if (sndNxt > highSeq) {
      if (sample.newlySacked > 0 || !sample.notDuplicate) {
        on = false; // step 3.a: the loss was real
      }
    } else if (sample.advanced && !recovered) {
      if (canSendNewData) {
        return Step.SEND_NEW_DATA;
      }
      on = false;
    }
    return Step.NONE;
  }
}
