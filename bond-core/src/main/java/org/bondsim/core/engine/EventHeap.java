package org.bondsim.core.engine;

import java.util.Arrays;

/**
 * A binary min-heap of events over parallel primitive arrays, ordered by (time, order): the order
 * is the loop's scheduling number, unique per event, so no two entries tie. The heap moves times
 * and slot numbers; each event's own fields (order, argument, event) stay in a slot of their own
 * until it leaves, so a sift step writes two primitive arrays instead of four, one of them of
 * references. A step reads an entry's order only when the times tie, which in a run is rare.
 */
final class EventHeap {
  private long[] times = new long[64];
  private int[] slots = new int[64];
  private long[] orders = new long[64];
  private long[] args = new long[64];
  private Event[] events = new Event[64];
  private int[] freeSlots = new int[64];
  private int freeCount = 64;
  private int size;

  EventHeap() {
    for (int k = 0; k < freeCount; k++) {
      freeSlots[k] = freeCount - 1 - k;
    }
  }

  int size() {
    return size;
  }

  /** The earliest entry's time; only with {@link #size()} above 0. */
  long topTime() {
    return times[0];
  }

  /**
   * Whether this heap's earliest entry comes before {@code other}'s: both must hold entries.
   *
   * @param other the other heap
   * @return true when this one's top runs first
   */
  boolean topBefore(EventHeap other) {
    long t = times[0];
    long u = other.times[0];
    return t < u || (t == u && orders[slots[0]] < other.orders[other.slots[0]]);
  }

  void add(long at, long order, Event event, long arg) {
    if (size == times.length) {
      grow();
    }
    int slot = freeSlots[--freeCount];
    orders[slot] = order;
    args[slot] = arg;
    events[slot] = event;
    int i = size++;
    // Sift up.
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      long parentTime = times[parent];
      if (!precedes(at, slot, parentTime, slots[parent])) {
        break;
      }
      place(i, parentTime, slots[parent]);
      i = parent;
    }
    place(i, at, slot);
  }

  /**
   * Takes the earliest entry out and runs it at {@code at}.
   *
   * @param at the instant it runs (its own time, or later after a stall)
   */
  void fireTop(long at) {
    int slot = slots[0];
    long arg = args[slot];
    Event event = events[slot];
    events[slot] = null;
    freeSlots[freeCount++] = slot;
    removeTop();
    event.fire(at, arg);
  }

  private void removeTop() {
    int last = --size;
    if (last == 0) {
      return;
    }
    long t = times[last];
    int slot = slots[last];
    // Sift the former last entry down from the root.
    int i = 0;
    int half = last >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      long childTime = times[child];
      if (right < last) {
        long rightTime = times[right];
        if (precedes(rightTime, slots[right], childTime, slots[child])) {
          child = right;
          childTime = rightTime;
        }
      }
      if (!precedes(childTime, slots[child], t, slot)) {
        break;
      }
      place(i, childTime, slots[child]);
      i = child;
    }
    place(i, t, slot);
  }

  /**
   * Whether the entry at {@code time} in {@code slot} runs before the one at {@code otherTime} in
   * {@code otherSlot}; their orders are read only when the times tie.
   */
  private boolean precedes(long time, int slot, long otherTime, int otherSlot) {
    return time < otherTime || (time == otherTime && orders[slot] < orders[otherSlot]);
  }

  private void place(int i, long time, int slot) {
    times[i] = time;
    slots[i] = slot;
  }

  private void grow() {
    int capacity = times.length * 2;
    times = Arrays.copyOf(times, capacity);
    slots = Arrays.copyOf(slots, capacity);
    orders = Arrays.copyOf(orders, capacity);
    args = Arrays.copyOf(args, capacity);
    events = Arrays.copyOf(events, capacity);
    // Every slot below the old capacity is taken (the heap was full): the new ones are free.
    freeSlots = new int[capacity];
    freeCount = 0;
    for (int k = capacity - 1; k >= size; k--) {
      freeSlots[freeCount++] = k;
    }
  }
}
