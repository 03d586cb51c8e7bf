package org.bondsim.core.bond;

import org.bondsim.api.stack.Packet;

/** The protocol layer above a bond: what receives the frames the bond accepts. */
@FunctionalInterface
public interface HostStack {
  /**
   * Takes a frame the bond accepted.
   *
   * @param packet the frame
   * @param slaveIndex the slave it arrived on
   */
  void deliver(Packet packet, int slaveIndex);

  /**
   * Takes a packet that stands for {@code frames} wire frames (a GRO aggregate): what {@code
   * netif_receive_skb} hands the protocol layer.
   *
   * @param packet the packet
   * @param slaveIndex the slave it arrived on
   * @param frames the wire frames it stands for, 1 unless GRO merged it
   */
  default void deliver(Packet packet, int slaveIndex, int frames) {
    deliver(packet, slaveIndex);
  }
}
