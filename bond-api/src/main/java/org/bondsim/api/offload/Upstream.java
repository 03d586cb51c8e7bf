package org.bondsim.api.offload;

import org.bondsim.api.stack.Packet;

/** Where a receive offload hands packets up to the stack. */
@FunctionalInterface
public interface Upstream {
  /**
   * Passes one packet up.
   *
   * @param packet the packet, possibly an aggregate of several received frames
   * @param segments how many received frames it stands for (1 when not aggregated)
   */
  void up(Packet packet, int segments);
}
