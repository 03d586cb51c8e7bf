package org.bondsim.tcp;

/**
 * A Fenwick tree of 0/1 marks over the slots of a ring buffer, so that the k-th marked slot in the
 * ring's logical order (from its head) is found in O(log n): how the sender finds the {@code
 * reordering}-th SACKed segment from the top without walking the queue.
 */
final class SlotCounts {
  private int[] tree;

  SlotCounts(int capacity) {
    this.tree = new int[capacity + 1];
  }

  /** Starts over with a ring of {@code capacity} slots, all unmarked. */
  void reset(int capacity) {
    tree = new int[capacity + 1];
  }

  void add(int slot, int delta) {
    for (int i = slot + 1; i < tree.length; i += i & -i) {
      tree[i] += delta;
    }
  }

  /** Marks in slots {@code 0..slot-1}. */
  int prefix(int slot) {
    int sum = 0;
    for (int i = slot; i > 0; i -= i & -i) {
      sum += tree[i];
    }
    return sum;
  }

  /** The slot holding the k-th mark (1-based) in slot order; the marks must number at least k. */
  private int kth(int k) {
    int position = 0;
    int remaining = k;
    for (int step = Integer.highestOneBit(tree.length - 1); step > 0; step >>= 1) {
      int next = position + step;
      if (next < tree.length && tree[next] < remaining) {
        position = next;
        remaining -= tree[next];
      }
    }
    return position; // slot index (0-based) of the k-th mark
  }

  /**
   * Returns the logical index (0 = head) of the k-th marked slot in the ring's order.
   *
   * @param head the ring's head slot
   * @param count the ring's occupied slots
   * @param k which mark, from 1
   * @return the logical index, or -1 if fewer than k marks are in the ring
   */
  int kthLogical(int head, int count, int k) {
    int capacity = tree.length - 1;
    int firstEnd = Math.min(capacity, head + count);
    int beforeHead = prefix(head);
    int inFirst = prefix(firstEnd) - beforeHead;
    if (k <= inFirst) {
      return kth(beforeHead + k) - head;
    }
    int wrapped = head + count - capacity;
    if (wrapped <= 0 || k - inFirst > prefix(wrapped)) {
      return -1;
    }
    return kth(k - inFirst) + capacity - head;
  }
}
