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
}
