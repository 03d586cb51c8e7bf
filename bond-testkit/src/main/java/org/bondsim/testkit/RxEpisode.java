package org.bondsim.testkit;

import java.util.List;
import org.bondsim.api.KernelVersion;

/**
 * One generated NAPI episode for a receive model: a kernel profile and a sequence of steps, each a
 * TCP frame of some flow or a poll boundary.
 *
 * @param kernel the profile passed to the provider
 * @param steps the steps in order
 */
public record RxEpisode(KernelVersion kernel, List<Step> steps) {
  /**
   * One step.
   *
   * @param kind a frame or a poll boundary
   * @param flow the frame's flow (0 for boundaries)
   * @param payloadBytes the frame's payload
   * @param flags its TCP flags
   * @param jump whether it skips ahead in its flow's sequence space (a hole, as reordering leaves)
   * @param tsTick its timestamp value
   */
  public record Step(Kind kind, int flow, int payloadBytes, int flags, boolean jump, int tsTick) {
    @Override
    public String toString() {
      if (kind != Kind.FRAME) {
        return kind.name().toLowerCase();
      }
      return "f"
          + flow
          + ":"
          + payloadBytes
          + (jump ? "+hole" : "")
          + (flags != 0x10 ? "/flags" + flags : "");
    }
  }

  /** What a step is. */
  public enum Kind {
    /** A frame arrives. */
    FRAME,
    /** The poll ran out of budget ({@code napi_poll} with work left). */
    EXHAUSTED,
    /** The poll finished ({@code napi_complete_done}). */
    COMPLETE
  }

  /**
   * Freezes the steps.
   *
   * @param kernel kernel
   * @param steps steps
   */
  public RxEpisode {
    steps = List.copyOf(steps);
  }

  @Override
  public String toString() {
    return kernel + " " + steps;
  }
}
