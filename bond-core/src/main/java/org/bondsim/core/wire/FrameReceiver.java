package org.bondsim.core.wire;

import org.bondsim.api.stack.Packet;

/** Where a link delivers frames: the receiving host's bond. */
@FunctionalInterface
public interface FrameReceiver {
  /**
   * Takes a frame that arrived.
   *
   * @param slaveIndex the receiving bond's slave the frame arrived on
   * @param packet the frame
   */
  void receive(int slaveIndex, Packet packet);
}
