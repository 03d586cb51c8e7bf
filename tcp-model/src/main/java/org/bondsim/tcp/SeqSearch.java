package org.bondsim.tcp;

/**
 * Where a sequence number lies in the retransmit queue's ring of segment starts ({@code
 * tcp_sacktag_bsearch}'s job): the first queued segment that starts at or above it. The last
 * search's end is kept as a hint: a new SACK usually extends the previous block by a segment or
 * two, so the next search starts where the last one stopped (Linux keeps skb pointers for the same
 * reason).
 */
final class SeqSearch {
  // The segment at ring slot hintSlot started at hintSeq when the hint was taken.
  private int hintSlot = -1;
  private long hintSeq;

  /**
   * The first queue index whose segment starts at or above {@code seq} ({@code count} if none).
   *
   * @param starts the ring of segment starts, a power of two long
   * @param head the ring slot of queue index 0
   * @param count the segments queued
   * @param sndNxt the end of the last queued segment
   */
  int firstAtOrAbove(long[] starts, int head, int count, long sndNxt, long seq) {
    int hinted = hintedIndex(starts, head, count, seq);
    if (hinted >= 0) {
      return hinted;
    }
    int mask = starts.length - 1;
    if (count > 0 && seq > starts[head]) {
      // Segments are mostly one MSS long, so where seq lies in the queue's span says where its
      // segment is: the segment there, or the next one when seq falls inside it. Checked; the
      // bisection runs only when both miss, as with unequal segments.
      long first = starts[head];
      int guess = (int) Math.min(count, (seq - first) * count / (sndNxt - first));
      // seq lies above the first segment's start, so the answer is at least 1.
      for (int g = Math.max(1, guess); g <= guess + 1 && g <= count; g++) {
        if ((g == count || starts[(head + g) & mask] >= seq)
            && starts[(head + g - 1) & mask] < seq) {
          return g;
        }
      }
    }
    int low = 0;
    int high = count;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (starts[(head + mid) & mask] < seq) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  /**
   * The hint's queue index when its segment is still queued and is the first at or above {@code
   * seq}, else -1. Sequence starts are unique in the queue, so a live slot that still starts at the
   * remembered number is the remembered segment, whatever the ring did since.
   */
  private int hintedIndex(long[] starts, int head, int count, long seq) {
    int at = hintSlot;
    if (at < 0 || at >= starts.length || starts[at] != hintSeq || hintSeq < seq) {
      return -1;
    }
    int mask = starts.length - 1;
    int index = (at - head) & mask;
    if (index >= count) {
      return -1;
    }
    if (index > 0 && starts[(head + index - 1) & mask] >= seq) {
      return -1;
    }
    return index;
  }

  /** Remembers where a search ended: queue index {@code index}, if a segment is there. */
  void remember(long[] starts, int head, int count, int index) {
    if (index < count) {
      hintSlot = (head + index) & (starts.length - 1);
      hintSeq = starts[hintSlot];
    }
  }
}
