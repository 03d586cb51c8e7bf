package org.bondsim.core.engine;

import org.bondsim.api.stack.Packet;

/**
 * A first-in first-out queue of packets, each with a number beside it, in one ring of parallel
 * arrays (a power of two that doubles when full), so that the number is never boxed: a port's qdisc
 * (whether each skb's completion releases its owner's charge), its wire (each frame's arrival
 * time), and packets waiting for a CPU's work before them (when it ends: a CPU serves work in
 * order, so those times never decrease). Most hold a few packets, so it starts at 16.
 */
public final class PacketRing {
  private Packet[] packets = new Packet[16];
  private long[] tags = new long[16];
  private int head;
  private int size;

  /**
   * Appends a packet and its number.
   *
   * @param packet the packet
   * @param tag its number
   */
  public void add(Packet packet, long tag) {
    if (size == packets.length) {
      grow();
    }
    int tail = (head + size) & (packets.length - 1);
    packets[tail] = packet;
    tags[tail] = tag;
    size++;
  }

  /**
   * Returns how many packets are queued.
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
   * Returns the oldest packet, left in place; the ring must not be empty.
   *
   * @return the packet
   */
  public Packet first() {
    return packets[head];
  }

  /**
   * Returns the oldest packet's number; the ring must not be empty.
   *
   * @return the number
   */
  public long firstTag() {
    return tags[head];
  }

  /**
   * Takes the oldest packet out; the ring must not be empty.
   *
   * @return the packet
   */
  public Packet removeFirst() {
    Packet packet = packets[head];
    packets[head] = null;
    head = (head + 1) & (packets.length - 1);
    size--;
    return packet;
  }

  private void grow() {
    Packet[] bigger = new Packet[packets.length * 2];
    long[] biggerTags = new long[bigger.length];
    for (int i = 0; i < size; i++) {
      int from = (head + i) & (packets.length - 1);
      bigger[i] = packets[from];
      biggerTags[i] = tags[from];
    }
    packets = bigger;
    tags = biggerTags;
    head = 0;
  }
}
