package org.bondsim.tcp;

/**
 * TCP small queues for one connection ({@code tcp_small_queue_check} in 6.x, inline in 3.16's
 * {@code tcp_write_xmit}; not in 2.6.37): whether the next skb may join what already waits below
 * TCP, by {@link Pacing}'s rules, and where the last skb sent began, for 6.x's "always send if the
 * retransmit queue holds at most one skb".
 */
final class SmallQueues {
  private final long limitOutputBytes;
  private final boolean floor;
  private final SegmentOutput output;
  private final RetransmitQueue queue;
  private long lastSkbStart;

  /**
   * @param limitOutputBytes {@code tcp_limit_output_bytes}; 0 turns the check off (2.6.37)
   * @param floor whether that sysctl is a floor and retransmissions never wait (3.16, {@link
   *     KernelProfile#smallQueueFloor})
   * @param output what the socket has below TCP and what an skb charges
   * @param queue the retransmit queue
   */
  SmallQueues(long limitOutputBytes, boolean floor, SegmentOutput output, RetransmitQueue queue) {
    this.limitOutputBytes = limitOutputBytes;
    this.floor = floor;
    this.output = output;
    this.queue = queue;
  }

  /** Whether 3.16's floor rules apply (its pacing rate has no ratios either). */
  boolean floor() {
    return floor;
  }

  /** New data from {@code seq} goes out as one skb. */
  void skbSentFrom(long seq) {
    lastSkbStart = seq;
  }

  /**
   * Whether an skb of {@code payload} bytes may go now.
   *
   * @param retransmission whether it is a retransmission (twice the limit on 6.x)
   * @param payload its bytes, whose truesize the limit weighs
   * @param pacingRate the connection's pacing rate, bytes a second
   */
  boolean allows(boolean retransmission, int payload, long pacingRate) {
    if (limitOutputBytes == 0) {
      return true;
    }
    if (floor) {
      return Pacing.smallQueueFloorAllows(
          output.queuedBytes(), pacingRate, limitOutputBytes, retransmission);
    }
    long limit = Pacing.smallQueueLimit(pacingRate, output.truesize(payload), limitOutputBytes);
    boolean atMostOneSkb = queue.size() == 0 || queue.sndUna() >= lastSkbStart;
    return Pacing.smallQueueAllows(output.queuedBytes(), limit, retransmission, atMostOneSkb);
  }
}
