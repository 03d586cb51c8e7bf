package org.bondsim.tcp;

import java.util.Arrays;

/**
 * The retransmit queue's segments in the order they were last sent, SACKed ones left out: Linux's
 * {@code tsorted_sent_queue} threaded through {@code tcp_tsorted_anchor}. RACK walks it from the
 * oldest send and stops at the first segment sent after its reference point, so a loss check costs
 * the segments that may be lost, not the window.
 *
 * <p>A doubly linked list over the queue's ring slots: moving a resent segment to the tail and
 * taking a SACKed or acknowledged one out are O(1).
 */
final class SendTimeOrder {
  private int[] next;
  private int[] prev;
  private boolean[] listed;
  private int head = -1;
  private int tail = -1;

  SendTimeOrder(int capacity) {
    next = new int[capacity];
    prev = new int[capacity];
    listed = new boolean[capacity];
  }

  /** The slot sent longest ago, or -1. */
  int first() {
    return head;
  }

  /** The slot sent next after {@code slot}, or -1. */
  int next(int slot) {
    return next[slot];
  }

  /** A segment was just (re)sent: it moves to the tail. */
  void sent(int slot) {
    remove(slot);
    listed[slot] = true;
    prev[slot] = tail;
    next[slot] = -1;
    if (tail >= 0) {
      next[tail] = slot;
    } else {
      head = slot;
    }
    tail = slot;
  }

  /** A segment was SACKed or acknowledged: RACK no longer looks at it. */
  void remove(int slot) {
    if (!listed[slot]) {
      return;
    }
    listed[slot] = false;
    int p = prev[slot];
    int n = next[slot];
    if (p >= 0) {
      next[p] = n;
    } else {
      head = n;
    }
    if (n >= 0) {
      prev[n] = p;
    } else {
      tail = p;
    }
  }

  /**
   * The queue's ring grew and renumbered its slots: the list keeps its order under the new numbers.
   *
   * @param capacity the new ring size
   * @param newSlot the new slot of each old slot still queued
   */
  void renumber(int capacity, int[] newSlot) {
    int[] n = new int[capacity];
    int[] p = new int[capacity];
    boolean[] l = new boolean[capacity];
    Arrays.fill(n, -1);
    Arrays.fill(p, -1);
    int last = -1;
    int first = -1;
    for (int old = head; old >= 0; old = next[old]) {
      int moved = newSlot[old];
      l[moved] = true;
      p[moved] = last;
      if (last >= 0) {
        n[last] = moved;
      } else {
        first = moved;
      }
      last = moved;
    }
    head = first;
    tail = last;
    next = n;
    prev = p;
    listed = l;
  }
}
