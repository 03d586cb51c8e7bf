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
  // Ends of records (MSG_EOR) not yet passed by the data sent, oldest first.
  private long[] recordEnds = new long[4];
  private int recordHead;
  private int records;

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
    if (records > 0
        && recordEnds[(recordHead + records - 1) & (recordEnds.length - 1)] == written) {
      return;
    }
    if (records == recordEnds.length) {
      long[] wider = new long[2 * records];
      for (int i = 0; i < records; i++) {
        wider[i] = recordEnds[(recordHead + i) & (records - 1)];
      }
      recordEnds = wider;
      recordHead = 0;
    }
    recordEnds[(recordHead + records) & (recordEnds.length - 1)] = written;
    records++;
  }

  /**
   * Where new data starting at {@code from} must stop: the first record end above it, or {@code
   * Long.MAX_VALUE}; forgets the ends at or below it (data goes out in order).
   */
  long recordEndAbove(long from) {
    while (records > 0 && recordEnds[recordHead] <= from) {
      recordHead = (recordHead + 1) & (recordEnds.length - 1);
      records--;
    }
    return records > 0 ? recordEnds[recordHead] : Long.MAX_VALUE;
  }

  /** Whether a new segment ending at {@code end} keeps a PSH mark; consumes the ends it passes. */
  boolean pushFor(long end) {
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
    return exact || end >= written;
  }
}
