package org.bondsim.tcp;

import java.util.Arrays;

/**
 * Where the application's send() calls ended, to decide which segments carry PSH. Each call ends by
 * marking PSH on the tail skb ({@code tcp_push}), and the next call clears it again as soon as it
 * appends to that skb ({@code tcp_sendmsg}: the first copy of a call drops PSH). So a segment
 * carries PSH only if a call ended exactly at its end, or it was the tail when sent (nothing
 * written beyond it yet).
 */
final class PushMarks {
  private long[] boundaries = new long[64];
  private int head;
  private int count;
  private long written;

  /** Bytes the application has written so far. */
  long written() {
    return written;
  }

  /** One send() call of {@code size} bytes. */
  void write(long size) {
    written += size;
    if (count == boundaries.length) {
      grow();
    }
    boundaries[(head + count) % boundaries.length] = written;
    count++;
  }

  private void grow() {
    long[] ordered = Arrays.copyOf(boundaries, boundaries.length * 2);
    for (int i = 0; i < count; i++) {
      ordered[i] = boundaries[(head + i) % boundaries.length];
    }
    boundaries = ordered;
    head = 0;
  }

  /** Whether a new segment ending at {@code end} keeps a PSH mark; consumes the ends it passes. */
  boolean pushFor(long end) {
    boolean exact = false;
    while (count > 0 && boundaries[head] <= end) {
      exact = boundaries[head] == end;
      head = (head + 1) % boundaries.length;
      count--;
    }
    return exact || end >= written;
  }
}
