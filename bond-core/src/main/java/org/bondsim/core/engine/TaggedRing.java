package org.bondsim.core.engine;

/**
 * A first-in first-out queue of items, each with a number beside it, in one ring of parallel arrays
 * (a power of two that doubles when full), so that the number is never boxed: the event loop's
 * events due now (each with its argument), a port's qdisc (whether each skb's completion releases
 * its owner's charge), its wire (each frame's arrival time), and packets waiting for a CPU's work
 * before them (when it ends: a CPU serves work in order, so those times never decrease). Most hold
 * a few items, so it starts at 16.
 *
 * @param <T> what it queues
 */
public final class TaggedRing<T> {
  private Object[] items = new Object[16];
  private long[] tags = new long[16];
  private int head;
  private int size;

  /**
   * Appends an item and its number.
   *
   * @param item the item
   * @param tag its number
   */
  public void add(T item, long tag) {
    if (size == items.length) {
      grow();
    }
    int tail = (head + size) & (items.length - 1);
    items[tail] = item;
    tags[tail] = tag;
    size++;
  }

  /**
   * Returns how many items are queued.
   *
   * @return the count
   */
  public int size() {
    return size;
  }

  /**
   * Returns whether none is queued.
   *
   * @return true when empty
   */
  public boolean isEmpty() {
    return size == 0;
  }

  /**
   * Returns the oldest item, left in place; the ring must not be empty.
   *
   * @return the item
   */
  @SuppressWarnings("unchecked")
  public T first() {
    return (T) items[head];
  }

  /**
   * Returns the oldest item's number; the ring must not be empty.
   *
   * @return the number
   */
  public long firstTag() {
    return tags[head];
  }

  /**
   * Takes the oldest item out; the ring must not be empty.
   *
   * @return the item
   */
  @SuppressWarnings("unchecked")
  public T removeFirst() {
    T item = (T) items[head];
    items[head] = null;
    head = (head + 1) & (items.length - 1);
    size--;
    return item;
  }

  private void grow() {
    Object[] bigger = new Object[items.length * 2];
    long[] biggerTags = new long[bigger.length];
    for (int i = 0; i < size; i++) {
      int from = (head + i) & (items.length - 1);
      bigger[i] = items[from];
      biggerTags[i] = tags[from];
    }
    items = bigger;
    tags = biggerTags;
    head = 0;
  }
}
