package org.bondsim.tcp;

/**
 * Where the write queue's skbs end, as {@code tcp_sendmsg} builds them: it fills the tail skb up to
 * the size goal in force at the time of the write ({@code tcp_xmit_size_goal}: 64 KB, or half the
 * peer's largest window) and then starts new ones of that size; {@code tcp_write_xmit} sends each
 * in pieces ({@code tso_fragment}) and never one packet across two. The model keeps no skbs, only
 * the stretches of the sequence space written under one size goal: within a stretch the skbs are
 * cut at whole multiples of its goal from its start.
 */
final class WriteQueueSkbs {
  // Stretches in sequence order: where each starts and the size goal its skbs were built to.
  private long[] starts = new long[8];
  private long[] goals = new long[8];
  private int head;
  private int size;

  /**
   * A write of more bytes: {@code tcp_sendmsg} appends them to the tail skb while it has room under
   * {@code goalBytes}, then builds skbs of {@code goalBytes}.
   *
   * @param writtenEnd where the data written so far ends
   * @param sndNxt the first byte not sent yet
   * @param goalBytes the size goal now
   */
  void onWrite(long writtenEnd, long sndNxt, long goalBytes) {
    if (size > 0 && writtenEnd > sndNxt) {
      // Unsent data: its tail skb grows to the goal in force now.
      int last = index(size - 1);
      if (goals[last] == goalBytes) {
        return;
      }
      long tailStart = Math.max(skbStart(writtenEnd - 1), sndNxt);
      add(tailStart, goalBytes);
      return;
    }
    // Everything written was sent: the next byte starts an skb of its own.
    add(writtenEnd, goalBytes);
  }

  /**
   * Returns where the skb holding {@code seq} ends.
   *
   * @param seq a byte written and not yet sent
   * @return the end of its skb, or {@link Long#MAX_VALUE} when nothing was written under a goal
   */
  long skbEnd(long seq) {
    int r = stretch(seq);
    if (r < 0) {
      return Long.MAX_VALUE;
    }
    int i = index(r);
    long end = starts[i] + ((seq - starts[i]) / goals[i] + 1) * goals[i];
    if (r + 1 < size) {
      end = Math.min(end, starts[index(r + 1)]);
    }
    return end;
  }

  /** Forgets the stretches wholly below {@code sndNxt}. */
  void sent(long sndNxt) {
    while (size > 1 && starts[index(1)] <= sndNxt) {
      head = (head + 1) % starts.length;
      size--;
    }
  }

  private long skbStart(long seq) {
    int r = stretch(seq);
    if (r < 0) {
      return seq;
    }
    int i = index(r);
    return starts[i] + (seq - starts[i]) / goals[i] * goals[i];
  }

  /** The last stretch starting at or below {@code seq}, -1 if none. */
  private int stretch(long seq) {
    for (int r = size - 1; r >= 0; r--) {
      if (starts[index(r)] <= seq) {
        return r;
      }
    }
    return -1;
  }

  private void add(long start, long goal) {
    // A stretch that would start where the last one does replaces it.
    while (size > 0 && starts[index(size - 1)] >= start) {
      size--;
    }
    if (size == starts.length) {
      long[] newStarts = new long[starts.length * 2];
      long[] newGoals = new long[starts.length * 2];
      for (int r = 0; r < size; r++) {
        newStarts[r] = starts[index(r)];
        newGoals[r] = goals[index(r)];
      }
      starts = newStarts;
      goals = newGoals;
      head = 0;
    }
    int i = index(size++);
    starts[i] = start;
    goals[i] = Math.max(1, goal);
  }

  private int index(int r) {
    return (head + r) % starts.length;
  }
}
