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
}
