package org.bondsim.tcp;

/**
 * 2.6.37's {@code tcp_tso_should_defer} ({@code net/ipv4/tcp_output.c}): when the packet at the
 * head of the send queue holds more than one segment and the window would let only part of it go,
 * {@code tcp_write_xmit} waits for more ACKs so that it sends fewer, larger GSO/TSO packets. It
 * sends at once when the connection is not in the Open state, when a 64 KB packet fits the window
 * ({@code sk_gso_max_size}), when the packet is not the last in the queue and fits whole, or when
 * at least a third of the window is free ({@code tcp_tso_win_divisor} 3, the default: {@code
 * min(snd_wnd, snd_cwnd × mss) / 3}); and it waits at most until the tick after the one in which it
 * last deferred ({@code tso_deferred}, "defer for less than two clock ticks"), a test made only
 * when it is asked again, at the next ACK or write.
 *
 * <p>Used for 2.6.37 only ({@link KernelProfile.TsoDeferralRule#TICKS}); 6.x defers until the next
 * ACK is due ({@link ExpectedAckDeferral}).
 */
final class TsoDeferral {
  /** {@code sysctl_tcp_tso_win_divisor}'s default. */
  static final int WIN_DIVISOR = 3;

  private final Jiffies jiffies;
  // The tick of the last deferral (tp->tso_deferred), or -1 when not deferring.
  private long deferredTick = -1;
  private long deferrals;

  TsoDeferral(Jiffies jiffies) {
    this.jiffies = jiffies;
  }

  /**
   * Whether to wait before sending the head packet.
   *
   * @param now the clock
   * @param open whether the congestion state is Open
   * @param packetBytes the head packet's length ({@code skb->len}: what is unsent, up to the size
   *     goal)
   * @param lastInQueue whether no data is queued behind it
   * @param mss the segment size
   * @param cwnd the congestion window in segments
   * @param inFlight segments in flight
   * @param sendWindowBytes what the peer's window leaves from the head packet's start
   * @param peerWindowBytes the peer's window ({@code snd_wnd})
   * @return true to send nothing now
   */
  boolean shouldDefer(
      long now,
      boolean open,
      long packetBytes,
      boolean lastInQueue,
      int mss,
      int cwnd,
      int inFlight,
      long sendWindowBytes,
      long peerWindowBytes) {
    if (packetBytes <= mss) {
      return false;
    }
    long tick = jiffies.tick(now);
    if (!open || deferredTick >= 0 && tick - deferredTick > 1) {
      deferredTick = -1;
      return false;
    }
    long limit = Math.min(sendWindowBytes, (long) Math.max(0, cwnd - inFlight) * mss);
    long chunk = Math.min(peerWindowBytes, (long) cwnd * mss) / WIN_DIVISOR;
    if (limit >= Transmitter.GSO_MAX_BYTES
        || !lastInQueue && limit >= packetBytes
        || limit >= chunk) {
      deferredTick = -1;
      return false;
    }
    deferredTick = tick;
    deferrals++;
    return true;
  }

  /** Times a send was deferred. */
  long deferrals() {
    return deferrals;
  }
}
