package org.bondsim.tcp;

import java.util.Arrays;

/**
 * Disjoint, sorted {@code [start, end)} ranges of sequence space, merged as they touch, in two
 * primitive arrays searched by bisection, so an update costs no allocation and no boxing. The
 * receiver keeps its out-of-order queue so (Linux keeps skbs in an rb-tree, {@code
 * tcp_data_queue_ofo}; the model needs only the ranges), and the sender the extent of its SACKed
 * segments, so that a SACK block walks only segments not yet SACKed.
 */
final class SequenceRanges {
  private long[] starts = new long[8];
  private long[] ends = new long[8];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  long start(int index) {
    return starts[index];
  }

  long end(int index) {
    return ends[index];
  }

  /** The index of the first range that ends above {@code seq} (size if none). */
  int firstEndingAbove(long seq) {
    int low = 0;
    int high = size;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (ends[mid] <= seq) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  /** Forgets the ranges that end at or below {@code limit} (acknowledged data). */
  void dropEndingBy(long limit) {
    removeFirst(firstEndingAbove(limit));
  }

  private void removeFirst(int n) {
    if (n > 0) {
      System.arraycopy(starts, n, starts, 0, size - n);
      System.arraycopy(ends, n, ends, 0, size - n);
      size -= n;
    }
  }

  /** The index of the last range starting at or below {@code seq}, or -1. */
  private int floorIndex(long seq) {
    int low = 0;
    int high = size - 1;
    int found = -1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      if (starts[mid] <= seq) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found;
  }

  /** Whether {@code [seq, end)} lies wholly inside data already queued (a duplicate). */
  boolean covers(long seq, long end) {
    int f = floorIndex(seq);
    return f >= 0 && ends[f] >= end;
  }

  /**
   * Adds {@code [seq, end)}, merging it with every range it touches or overlaps.
   *
   * @return the index of the range that now holds it
   */
  int add(long seq, long end) {
    long start = seq;
    long stop = end;
    int f = floorIndex(start);
    int first;
    if (f >= 0 && ends[f] >= start) {
      start = starts[f];
      stop = Math.max(stop, ends[f]);
      first = f;
    } else {
      first = f + 1;
    }
    int last = first;
    while (last < size && starts[last] <= stop) {
      stop = Math.max(stop, ends[last]);
      last++;
    }
    // Ranges first..last-1 merge into one at index first.
    int removed = last - first;
    if (removed == 0) {
      if (size == starts.length) {
        starts = Arrays.copyOf(starts, size * 2);
        ends = Arrays.copyOf(ends, size * 2);
      }
      System.arraycopy(starts, first, starts, first + 1, size - first);
      System.arraycopy(ends, first, ends, first + 1, size - first);
      size++;
    } else if (removed > 1) {
      System.arraycopy(starts, last, starts, first + 1, size - last);
      System.arraycopy(ends, last, ends, first + 1, size - last);
      size -= removed - 1;
    }
    starts[first] = start;
    ends[first] = stop;
    return first;
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
    while (taken < size && starts[taken] <= next) {
      next = Math.max(next, ends[taken]);
      taken++;
    }
    removeFirst(taken);
    return next;
  }
}
