package org.bondsim.api.workload;

import org.bondsim.api.stack.Packet;

/** Receives frames a host's bond accepted. */
@FunctionalInterface
public interface PacketHandler {
  /**
   * Takes one frame.
   *
   * @param packet the frame
   */
  void receive(Packet packet);
}
