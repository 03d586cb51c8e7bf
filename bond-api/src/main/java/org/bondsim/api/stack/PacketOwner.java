package org.bondsim.api.stack;

/**
 * The socket that charged a packet to its send buffer. It is told when the packet has left the
 * host, or was dropped before it did, so it can release the charge, as Linux frees an skb's {@code
 * truesize} from {@code sk_wmem_alloc}.
 */
public interface PacketOwner {
  /**
   * Called once per packet when its last copy left the sending NIC or was dropped on the way.
   *
   * @param packet the packet
   */
  void onTxDone(Packet packet);

  /**
   * The packet was dropped before it left the host (a full qdisc, an MTU it exceeds, a bond with no
   * slave): {@code dev_queue_xmit} returned {@code NET_XMIT_DROP}, which a UDP socket with {@code
   * IP_RECVERR} turns into {@code ENOBUFS} for the sender. By default the same as {@link
   * #onTxDone}: the packet's charge is released.
   *
   * @param packet the dropped packet
   */
  default void onDropped(Packet packet) {
    onTxDone(packet);
  }

  /**
   * Software GSO cut the packet into segments that each carry a charge of their own and are each
   * reported to {@link #onTxDone}: {@code tcp_gso_segment} moves the difference between the
   * segments' truesizes and the packet's onto the socket ({@code sum_truesize -
   * gso_skb->truesize}). By default nothing is kept, for owners that do not count truesize.
   *
   * @param packet the packet before it was cut
   * @param delta what the segments' truesizes add to the packet's (may be negative)
   */
  default void onSegmented(Packet packet, int delta) {}
}
