package org.bondsim.tcp;

import org.bondsim.api.tcp.TcpSegment;

/**
 * Protection Against Wrapped Sequences (RFC 7323 §5) as {@code tcp_validate_incoming} applies it to
 * an established connection: a segment whose timestamp is more than one tick older than {@code
 * ts_recent} ({@code tcp_paws_check} with {@code TCP_PAWS_WINDOW} 1) is discarded, counted as
 * {@code TcpExtPAWSEstab}, and answered with a duplicate ACK ({@code tcp_send_dupack}), unless
 * {@code tcp_disordered_ack} lets it through: a pure duplicate ACK at {@code rcv_nxt} that would
 * not update the window and whose timestamp is within about one RTO of {@code ts_recent}.
 *
 * <p>Why it matters for bonding: balance-rr reorders the ACKs as much as the data, so an ACK that
 * took a slower slave can arrive after one sent a millisecond later; if it acknowledges new data
 * (or an old point) it is not a disordered duplicate and is dropped whole, its SACK and DSACK
 * blocks with it, before {@code tcp_ack} sees them.
 *
 * <p>Since 4.0 ({@code tcp_oow_rate_limited}, "tcp: helpers to mitigate ACK loops by rate-limiting
 * out-of-window dupacks") the answer to a pure ACK or SYN is sent at most once per {@code
 * tcp_invalid_ratelimit} (500 ms) per socket, the others counted as {@code
 * TcpExtTCPACKSkippedPAWS}; 2.6.37 answers every one. Read in 6.1's {@code tcp_input.c} and {@code
 * include/net/tcp.h} and in the 2.6.37.6 tree. Not modelled: the 24-day idle exemption ({@code
 * TCP_PAWS_24DAYS}) and RST handling (the model sends no RST).
 */
final class Paws {
  /** {@code TCP_PAWS_WINDOW}: a timestamp one tick older than ts_recent is still accepted. */
  static final int WINDOW = 1;

  private final Receiver receiver;
  private final TcpCounters counters;
  private final Jiffies jiffies;
  private final boolean rateLimited;
  private final long invalidRatelimitTicks;
  private final AckScheduler acks;
  // last_oow_ack_time in ticks, or MIN_VALUE before the first answer.
  private long lastOutOfWindowAckTick = Long.MIN_VALUE;

  Paws(Receiver receiver, AckScheduler acks, TcpCounters counters, TcpSettings settings) {
    this.receiver = receiver;
    this.acks = acks;
    this.counters = counters;
    this.jiffies = settings.jiffies();
    this.rateLimited = settings.profile().rateLimitsOutOfWindowAcks();
    this.invalidRatelimitTicks = jiffies.ticks(settings.invalidRatelimitMs() * 1_000_000L);
  }

  /**
   * {@code tcp_paws_check}: the timestamp is at most {@code window} ticks older than ts_recent, or
   * there is no ts_recent yet. Timestamps compare as 32-bit serial numbers; the model's never wrap.
   */
  static boolean check(long tsRecent, long tsVal, int window) {
    return tsRecent - tsVal <= window || tsRecent == 0;
  }

  /**
   * Judges one segment of an established connection that carries a timestamp; when it fails, counts
   * it and answers as Linux does.
   *
   * @param segment the segment
   * @param payload its payload bytes
   * @param sndUna this end's snd_una
   * @param windowUpdate whether the segment would update the send window ({@code
   *     tcp_may_update_window})
   * @param rtoNs the current retransmission timeout
   * @param nowNs the time
   * @return true when the segment is to be discarded
   */
  boolean discards(
      TcpSegment segment, int payload, long sndUna, boolean windowUpdate, long rtoNs, long nowNs) {
    long tsRecent = receiver.tsRecent();
    long tsVal = segment.tsVal();
    if (check(tsRecent, tsVal, WINDOW)
        || disorderedAck(segment, payload, sndUna, windowUpdate, rtoNs)) {
      return false;
    }
    counters.pawsEstab++;
    boolean pureAck = payload == 0 && !segment.has(TcpSegment.FIN);
    if (pureAck && rateLimited && limitedAt(jiffies.tick(nowNs))) {
      counters.ackSkippedPaws++;
      return true;
    }
    receiver.sendDupack(segment.sequence(), payload);
    return true;
  }

  /**
   * {@code tcp_disordered_ack}: a pure ACK at rcv_nxt, a duplicate (ack = snd_una) that would not
   * update the window, with a timestamp within {@code icsk_rto * 1024 / HZ} of ts_recent.
   */
  private boolean disorderedAck(
      TcpSegment segment, int payload, long sndUna, boolean windowUpdate, long rtoNs) {
    boolean pure =
        payload == 0
            && !segment.has(TcpSegment.FIN)
            && !segment.has(TcpSegment.SYN)
            && segment.sequence() == receiver.rcvNxt();
    if (!pure || segment.acknowledgment() != sndUna || windowUpdate) {
      return false;
    }
    long replayWindow = jiffies.ticks(rtoNs) * 1024 / jiffies.hz();
    return receiver.tsRecent() - segment.tsVal() <= replayWindow;
  }

  /** {@code __tcp_oow_rate_limited}: whether an answer went out less than the limit ago. */
  private boolean limitedAt(long tick) {
    if (lastOutOfWindowAckTick != Long.MIN_VALUE) {
      long elapsed = tick - lastOutOfWindowAckTick;
      if (elapsed >= 0 && elapsed < invalidRatelimitTicks) {
        return true;
      }
    }
    lastOutOfWindowAckTick = tick;
    return false;
  }
}
