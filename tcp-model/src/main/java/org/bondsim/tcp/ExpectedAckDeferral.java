package org.bondsim.tcp;

/**
 * 6.x's {@code tcp_tso_should_defer} ({@code net/ipv4/tcp_output.c}) as Linux commit 295ce1eb36ae
 * ("tcp: fix tcp_tso_should_defer() vs large RTT", 6.18) left it, which the stable series took in
 * October 2025, 6.1's among them (the lab's 6.1.176 has it); before it, the last rule below sent at
 * once only while the retransmit queue head was younger than srtt/2. When the head of the send
 * queue holds more than one segment and the window lets only part of it go, {@code tcp_write_xmit}
 * waits for the ACK that is about to come, so that it sends fewer, larger GSO packets. It sends at
 * once outside Open and Disorder, when nothing was sent for 1 ms, when a packet of the full size
 * goal fits the window, when the skb is not the last and fits whole, when a third of the window is
 * free ({@code tcp_tso_win_divisor} 3), when nothing is in flight, or when the retransmit queue
 * head's ACK is expected later than min(1 ms, srtt/2). Deferring because cwnd could not take the
 * skb counts as cwnd-limited ({@code is_cwnd_limited}, Linux commit 299bcb55ecd1), so the window
 * keeps growing while it waits.
 */
final class ExpectedAckDeferral {
  /** What {@code tcp_tso_should_defer} decided. */
  enum Verdict {
    SEND,
    DEFER,
    /** Deferred with cwnd too small for the skb: {@code *is_cwnd_limited = true}. */
    DEFER_CWND_LIMITED
  }

  private static final long MS = 1_000_000L;

  private long deferrals;

  /**
   * Whether to wait before sending the head skb.
   *
   * @param now the clock
   * @param recovering the congestion state is Recovery or Loss
   * @param lastXmitNs when anything was last sent ({@code tcp_wstamp_ns}), -1 never
   * @param mss the segment size
   * @param cwnd the congestion window in segments
   * @param inFlight segments in flight (below cwnd)
   * @param sendWindowBytes what the peer's window leaves from the skb's start
   * @param peerWindowBytes the peer's window ({@code snd_wnd})
   * @param maxSegs the size goal in segments ({@code tcp_tso_segs})
   * @param skbBytes the skb's unsent length
   * @param lastInQueue whether no data is queued behind the skb
   * @param endsRecord whether the skb ends a record ({@code eor}) or carries the FIN
   * @param headSentNs when the retransmit queue's head was sent, -1 when nothing is in flight
   * @param srttNs the smoothed RTT
   * @return the verdict
   */
  Verdict judge(
      long now,
      boolean recovering,
      long lastXmitNs,
      int mss,
      int cwnd,
      int inFlight,
      long sendWindowBytes,
      long peerWindowBytes,
      int maxSegs,
      long skbBytes,
      boolean lastInQueue,
      boolean endsRecord,
      long headSentNs,
      long srttNs) {
    if (recovering || lastXmitNs < 0 || now - lastXmitNs - MS > 0) {
      return Verdict.SEND;
    }
    long congWindow = (long) (cwnd - inFlight) * mss;
    long limit = Math.min(sendWindowBytes, congWindow);
    if (limit >= (long) maxSegs * mss || !lastInQueue && limit >= skbBytes) {
      return Verdict.SEND;
    }
    long chunk = Math.min(peerWindowBytes, (long) cwnd * mss) / TsoDeferral.WIN_DIVISOR;
    if (limit >= chunk || headSentNs < 0) {
      return Verdict.SEND;
    }
    // When is the head's ACK expected, and is that within min(1 ms, srtt/2)?
    long howFarIsTheAck = headSentNs + srttNs - now;
    if (howFarIsTheAck - Math.min(srttNs >> 1, MS) > 0) {
      return Verdict.SEND;
    }
    if (congWindow < sendWindowBytes) {
      if (congWindow <= skbBytes) {
        deferrals++;
        return Verdict.DEFER_CWND_LIMITED;
      }
    } else if (sendWindowBytes <= skbBytes) {
      deferrals++;
      return Verdict.DEFER;
    }
    if (endsRecord) {
      return Verdict.SEND;
    }
    deferrals++;
    return Verdict.DEFER;
  }

  /** Times a send was deferred. */
  long deferrals() {
    return deferrals;
  }
}
