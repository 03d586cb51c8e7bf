package org.bondsim.api.offload;

import org.bondsim.api.stack.Packet;

/**
 * One NAPI context's receive offload. Frames come in ring order; packets go up in the order the
 * offload completes them. One instance per receive queue, called from one thread.
 */
public interface ReceiveOffload {
  /**
   * Takes the next frame of a poll.
   *
   * @param frame the received frame
   * @param nowNs the simulated time
   * @param upstream where completed packets go
   */
  void receive(Packet frame, long nowNs, Upstream upstream);

  /**
   * The poll used its whole weight and the context stays scheduled ({@code work == weight}).
   *
   * @param nowNs the simulated time
   * @param upstream where completed packets go
   */
  void pollExhausted(long nowNs, Upstream upstream);

  /**
   * The ring was drained and the context completes ({@code napi_complete_done}).
   *
   * @param nowNs the simulated time
   * @param upstream where completed packets go
   */
  void complete(long nowNs, Upstream upstream);

  /**
   * Returns how many packets are held.
   *
   * @return held aggregates
   */
  int held();

  /**
   * Returns how many wire frames the held packets hold (a merged aggregate counts each frame).
   *
   * @return frames
   */
  default int heldFrames() {
    return held();
  }
}
