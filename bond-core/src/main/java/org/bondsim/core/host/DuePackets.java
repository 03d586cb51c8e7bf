package org.bondsim.core.host;

import org.bondsim.api.stack.Packet;

/**
 * Packets waiting for the CPU work before them to end, with the time it ends, in one ring of
 * parallel arrays: a CPU serves work in order, so due times never decrease, and keeping them as
 * longs avoids boxing on every packet.
 */
final class DuePackets {
  private Packet[] packets = new Packet[64];
  private long[] dueAt = new long[64];
  private int head;
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  /** When the first packet is due; only when not empty. */
  long headDue() {
    return dueAt[head];
  }

  void add(Packet packet, long due) {
    if (size == packets.length) {
      grow();
    }
    int tail = (head + size) & (packets.length - 1);
    packets[tail] = packet;
    dueAt[tail] = due;
    size++;
  }

  /** Takes the first packet; only when not empty. */
  Packet poll() {
    Packet packet = packets[head];
    packets[head] = null;
    head = (head + 1) & (packets.length - 1);
    size--;
    return packet;
  }

  private void grow() {
    Packet[] morePackets = new Packet[packets.length * 2];
    long[] moreDue = new long[packets.length * 2];
    for (int i = 0; i < size; i++) {
      int from = (head + i) & (packets.length - 1);
      morePackets[i] = packets[from];
      moreDue[i] = dueAt[from];
    }
    packets = morePackets;
    dueAt = moreDue;
    head = 0;
  }
}
