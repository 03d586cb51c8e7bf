package org.bondsim.tcp;

import java.util.List;
import org.bondsim.api.tcp.SackBlock;

/**
 * F-RTO as Linux 2.6.37 runs it (read in its {@code net/ipv4/tcp_input.c} and {@code tcp_timer.c}):
 * after an RTO the sender retransmits only the head and waits, in Disorder with {@code
 * frto_counter} 1, for two ACKs that tell a spurious timeout from a real one. {@code
 * net.ipv4.tcp_frto} 2 (the default) runs the SACK-enhanced variant where SACK was negotiated and
 * the basic one (RFC 4138) otherwise, 1 the basic one always; {@code tcp_frto_response} chooses
 * what a spurious timeout does to the window (0, the default: rate-halving in CWR; 1: cwnd falls to
 * ssthresh; 2: the reduction is undone).
 *
 * <ul>
 *   <li>{@code tcp_use_frto} ({@link #use}): the SACK variant always; the basic one only when
 *       nothing after the head was ever retransmitted (up to the first segment not SACKed).
 *   <li>{@code tcp_enter_frto} ({@link ClassicFrtoSteps#enter}): ssthresh falls as for a Loss
 *       entry, the head's retransmission stops counting as out, cwnd is what is in flight plus one,
 *       the highmark is snd_nxt (or, SACK-enhanced after a recovery, its {@code high_seq}).
 *   <li>{@code tcp_process_frto} ({@link #onAck}), before the state machine on every ACK, which
 *       meanwhile neither grows the window nor starts a recovery: the first ACK that advances
 *       snd_una opens cwnd to what is in flight plus two for new data; the second one that brings
 *       progress without new SACKs above the highmark proves the timeout spurious; a duplicate ACK,
 *       SACKs above the highmark, the whole window ACKed or nothing new to send fall back to Loss
 *       recovery ({@code tcp_enter_frto_loss}) with cwnd what is in flight plus 0, 2 or 3.
 * </ul>
 *
 * Differences: an MTU probe (which turns F-RTO off) is not modelled; FACK's marking of the head on
 * the ACK that falls back ({@code DATA_LOST} in {@code tcp_fastretrans_alert}) is left to the loss
 * detector's own rules.
 */
final class ClassicFrto {
  /** What an ACK does under F-RTO ({@code tcp_process_frto}'s outcomes). */
  enum Step {
    /** F-RTO is not running. */
    NONE,
    /** A window update or data on the reverse path: the ACK is ignored ({@code return 1}). */
    IGNORE,
    /** SACK variant, first ACK without cumulative progress: cwnd = what is in flight. */
    SHRINK,
    /** The first ACK that advances: cwnd = in flight + 2, counter 2, new data may go. */
    OPEN_FOR_NEW_DATA,
    /** Back to conventional Loss recovery with nothing to send beyond what is in flight. */
    LOSS_0(0),
    /** The same with two segments to send. */
    LOSS_2(2),
    /** The same with three segments to send. */
    LOSS_3(3),
    /** The timeout was spurious: the response, and F-RTO ends. */
    SPURIOUS;

    /** Segments {@code tcp_enter_frto_loss} lets cwnd take above what is in flight. */
    final int allowed;

    Step() {
      this(0);
    }

    Step(int allowed) {
      this.allowed = allowed;
    }
  }

  private final int sysctl;
  private final int response;
  // frto_counter: 0 off; 1 waiting for the first ACK; 2 new data allowed; 3 new data sent.
  private int counter;
  // frto_highmark, -1 for none (the kernel's 0).
  private long highmark = -1;

  /**
   * @param sysctl {@code net.ipv4.tcp_frto}: 0 off, 1 basic, 2 SACK-enhanced where SACK is on
   * @param response {@code net.ipv4.tcp_frto_response}: 0, 1 or 2
   */
  ClassicFrto(int sysctl, int response) {
    this.sysctl = sysctl;
    this.response = response;
  }

  /** Whether F-RTO is running ({@code frto_counter} not 0). */
  boolean active() {
    return counter != 0;
  }

  int counter() {
    return counter;
  }

  /** {@code tcp_frto_response}. */
  int response() {
    return response;
  }

  /** {@code tcp_is_sackfrto}: the SACK-enhanced variant runs. */
  boolean sackEnhanced(boolean sackOk) {
    return sysctl == 2 && sackOk;
  }

  /**
   * {@code tcp_use_frto}: whether this RTO enters F-RTO rather than Loss.
   *
   * @param queue the retransmit queue
   * @param sackOk SACK was negotiated
   * @return true for F-RTO
   */
  boolean use(RetransmitQueue queue, boolean sackOk) {
    if (sysctl == 0 || queue.size() == 0) {
      return false;
    }
    if (sackEnhanced(sackOk)) {
      return true;
    }
    if (queue.retransOut() > 1) {
      return false;
    }
    // Nothing after the head may have been retransmitted, up to the first segment not SACKed.
    for (int i = 1; i < queue.size(); i++) {
      int slot = queue.slot(i);
      if (queue.has(slot, RetransmitQueue.RETRANS | RetransmitQueue.EVER_RETRANS)) {
        return false;
      }
      if (!queue.has(slot, RetransmitQueue.SACKED)) {
        break;
      }
    }
    return true;
  }

  /**
   * {@code tcp_enter_frto}'s highmark and counter.
   *
   * @param sackOk SACK was negotiated
   * @param afterRecovery F-RTO was running, or the RTO found Recovery or Loss
   * @param highSeq {@code high_seq} before the RTO
   * @param sndUna snd_una
   * @param sndNxt snd_nxt
   */
  void enter(boolean sackOk, boolean afterRecovery, long highSeq, long sndUna, long sndNxt) {
    highmark = sackEnhanced(sackOk) && afterRecovery && highSeq > sndUna ? highSeq : sndNxt;
    counter = 1;
  }

  /** {@code tcp_event_new_data_sent}: new data went out with the counter at 2. */
  void newDataSent() {
    if (counter == 2) {
      counter = 3;
    }
  }

  /** F-RTO ends: a fall back to Loss, a response, or {@code tcp_enter_loss}. */
  void end() {
    counter = 0;
  }

  /**
   * {@code tcp_sacktag_write_queue}'s check: while snd_una has not passed the highmark, SACKs give
   * no reordering evidence (the highmark outlives F-RTO until then).
   */
  boolean holdsSackReordering(long sndUna) {
    return highmark >= 0 && sndUna <= highmark;
  }

  /** {@code tcp_ack}'s wrap guard: the highmark goes once snd_una passes it. */
  void passed(long sndUna) {
    if (highmark >= 0 && highmark < sndUna) {
      highmark = -1;
    }
  }

  /**
   * {@code FLAG_ONLY_ORIG_SACKED}: this ACK newly SACKed a segment sent once that ends at or below
   * the highmark, and no SACK block above snd_una reaches past the highmark.
   */
  boolean onlyOriginalsSacked(AckSample sample, List<SackBlock> blocks) {
    if (sample.sackedOnceLowEnd < 0 || sample.sackedOnceLowEnd > highmark) {
      return false;
    }
    for (SackBlock block : blocks) {
      if (block.end() > sample.priorSndUna && block.end() > highmark) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code tcp_process_frto}'s decision for one ACK.
   *
   * @param sample the ACK
   * @param sackOk SACK was negotiated
   * @param onlyOriginals {@link #onlyOriginalsSacked}
   * @return what to do
   */
  Step onAck(AckSample sample, boolean sackOk, boolean onlyOriginals) {
    if (counter == 0) {
      return Step.NONE;
    }
    boolean dataAcked = sample.released > 0;
    boolean dataSacked = sample.newlySacked > 0;
    boolean forwardProgress = dataAcked || dataSacked;
    boolean anyProgress = forwardProgress || sample.advanced;
    if (sample.sndUna() >= highmark) {
      // The whole window the RTO found is ACKed.
      return counter == 1 ? Step.LOSS_2 : Step.LOSS_3;
    }
    if (!sackEnhanced(sackOk)) {
      if (!anyProgress && sample.notDuplicate) {
        return Step.IGNORE;
      }
      if (!dataAcked) {
        return counter == 1 ? Step.LOSS_0 : Step.LOSS_3;
      }
    } else {
      if (counter == 1 && !dataAcked) {
        return Step.SHRINK;
      }
      if (counter >= 2 && (!forwardProgress || (dataSacked && !onlyOriginals))) {
        if (!forwardProgress && sample.notDuplicate) {
          return Step.IGNORE;
        }
        return Step.LOSS_3;
      }
    }
    if (counter == 1) {
      counter = 2;
      return Step.OPEN_FOR_NEW_DATA;
    }
    counter = 0;
    return Step.SPURIOUS;
  }
}
