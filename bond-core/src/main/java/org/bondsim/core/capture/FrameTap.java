package org.bondsim.core.capture;

import org.bondsim.api.stack.Packet;

/**
 * Where a capture sees frames, as a packet socket does ({@code dev_queue_xmit_nit} on the way out,
 * {@code __netif_receive_skb_core}'s taps on the way in). A tap only reads: it must not change the
 * packet or anything the run depends on.
 */
@FunctionalInterface
public interface FrameTap {
  /**
   * A frame crossed the interface.
   *
   * @param atNs when, on the simulation's clock
   * @param packet the frame (read at once: its link addresses may change later)
   */
  void frame(long atNs, Packet packet);
}
