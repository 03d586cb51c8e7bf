package org.bondsim.tcp;

/**
 * Where the application's send() calls ended, to decide which segments carry PSH. Each call ends by
 * marking PSH on the tail skb ({@code tcp_push}), and the next call clears it again as soon as it
 * appends to that skb ({@code tcp_sendmsg}: the first copy of a call drops PSH). So a segment
 * carries PSH only if a call ended exactly at its end, or it was the tail when sent (nothing
 * written beyond it yet).
 *
 * <p>The ends are kept as runs of equal-sized calls (first end, size, count), so a netperf that
 * writes thousands of equal messages at once costs one entry, and each segment's look-up is O(1).
 *
 * <p>A call made with {@code MSG_EOR} also ends a record: Linux marks its tail skb {@code eor}
 * ({@code tcp_sendmsg}), so no later byte is appended to it ({@code tcp_skb_can_collapse_to}) and
 * no segment or GSO packet crosses its end.
 */
final class PushMarks {
  private long[] firstEnd = new long[16];
  private long[] size = new long[16];
  private long[] count = new long[16];
  private int head;
  private int runs;
  private long written;
  // Ends of records (MSG_EOR) not yet passed by the data sent.
  private final Positions recordEnds = new Positions();
  // PSH marks forced inside a call (forced_push), not yet passed by the data sent.
  private final Positions forced = new Positions();

  /** Bytes the application has written so far. */
  long written() {
    return written;
  }

  /** {@code calls} send() calls of {@code bytes} each. */
  void write(long calls, long bytes) {
    if (calls <= 0 || bytes <= 0) {
      return;
    }
    int mask = firstEnd.length - 1;
    if (runs > 0) {
      int tail = (head + runs - 1) & mask;
      if (size[tail] == bytes && firstEnd[tail] + count[tail] * bytes == written + bytes) {
        count[tail] += calls;
        written += calls * bytes;
        return;
      }
    }
    if (runs == firstEnd.length) {
      grow();
      mask = firstEnd.length - 1;
    }
    int slot = (head + runs) & mask;
    firstEnd[slot] = written + bytes;
    size[slot] = bytes;
    count[slot] = calls;
    runs++;
    written += calls * bytes;
  }

  private void grow() {
    int n = firstEnd.length;
    long[] f = new long[2 * n];
    long[] s = new long[2 * n];
    long[] c = new long[2 * n];
    for (int i = 0; i < runs; i++) {
      int from = (head + i) & (n - 1);
      f[i] = firstEnd[from];
      s[i] = size[from];
      c[i] = count[from];
    }
    firstEnd = f;
    size = s;
    count = c;
    head = 0;
  }

  /** The last call ended a record ({@code MSG_EOR}): nothing written later joins its bytes. */
  void endRecord() {
    if (recordEnds.last() != written) {
      recordEnds.add(written);
    }
  }

  /**
   * Where new data starting at {@code from} must stop: the first record end above it, or {@code
   * Long.MAX_VALUE}; forgets the ends at or below it (data goes out in order).
   */
  long recordEndAbove(long from) {
    recordEnds.dropUpTo(from);
    return recordEnds.first();
  }

  /**
   * {@code forced_push} marked the skb ending at {@code at} (above every earlier mark): the segment
   * that ends there, or the one holding that byte if it is sent cut differently, carries PSH.
   */
  void forcePush(long at) {
    forced.add(at);
  }

  /**
   * {@code tcp_sendmsg}'s {@code forced_push}: within one call, each time an skb is full and the
   * data written has run more than half the largest window the peer offered past the last PSH
   * ({@code pushed_seq}, set by the previous call's {@code tcp_push}), that skb gets PSH ({@code
   * tcp_mark_push}). The model keeps no skbs: they are taken as cut at the size goal ({@code
   * tcp_send_mss}: the MSS, or the GSO size goal) from the first unsent byte, as {@code
   * tcp_sendmsg} fills the unsent tail skb to the size goal before it starts a new one. A call
   * smaller than half the window never forces one, so bulk runs with the usual message sizes are
   * unchanged.
   *
   * @param count send() calls about to be written
   * @param size bytes each
   * @param head the first unsent byte (snd_nxt)
   * @param goal the size goal in bytes
   * @param half half the largest window the peer offered
   */
  void forcePushes(long count, long size, long head, long goal, long half) {
    long callStart = written();
    for (long c = 0; c < count; c++, callStart += size) {
      long pushed = callStart;
      while (true) {
        long skbEnd = head + ((pushed + half - head) / goal + 1) * goal;
        if (skbEnd >= callStart + size) {
          break; // the call's last skb: tcp_push marks it in any case
        }
        forcePush(skbEnd);
        pushed = skbEnd;
      }
    }
  }

  /** Whether a new segment ending at {@code end} keeps a PSH mark; consumes the ends it passes. */
  boolean pushFor(long end) {
    boolean forcedHere = forced.dropUpTo(end);
    boolean exact = false;
    int mask = firstEnd.length - 1;
    while (runs > 0 && firstEnd[head] <= end) {
      long last = firstEnd[head] + (count[head] - 1) * size[head];
      if (last <= end) {
        exact = last == end;
        head = (head + 1) & mask;
        runs--;
        continue;
      }
      long passed = (end - firstEnd[head]) / size[head] + 1;
      exact = firstEnd[head] + (passed - 1) * size[head] == end;
      firstEnd[head] += passed * size[head];
      count[head] -= passed;
      break;
    }
    return exact || forcedHere || end >= written;
  }

  /** Increasing byte positions, oldest first, in a ring that grows as needed. */
  private static final class Positions {
    private long[] ring = new long[4];
    private int head;
    private int count;

    void add(long position) {
      if (count == ring.length) {
        long[] wider = new long[2 * count];
        for (int i = 0; i < count; i++) {
          wider[i] = ring[(head + i) & (count - 1)];
        }
        ring = wider;
        head = 0;
      }
      ring[(head + count) & (ring.length - 1)] = position;
      count++;
    }

    /** The oldest position, or {@code Long.MAX_VALUE} when none is left. */
    long first() {
      return count > 0 ? ring[head] : Long.MAX_VALUE;
    }

    /** The newest position, or -1 when none is left. */
    long last() {
      return count > 0 ? ring[(head + count - 1) & (ring.length - 1)] : -1;
    }

    /** Forgets the positions at or below {@code limit}; whether there were any. */
    boolean dropUpTo(long limit) {
      boolean dropped = false;
      while (count > 0 && ring[head] <= limit) {
        head = (head + 1) & (ring.length - 1);
        count--;
        dropped = true;
      }
      return dropped;
    }
  }
}
