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
}
