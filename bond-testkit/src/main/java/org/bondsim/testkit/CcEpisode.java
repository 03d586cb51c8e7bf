package org.bondsim.testkit;

import java.util.List;
import org.bondsim.api.KernelVersion;

/**
 * A connection's history as a congestion-control module lives it, for {@link
 * CongestionControlContract}.
 *
 * @param kernel the kernel the module is created for
 * @param cwnd the window the history starts at, packets
 * @param steps the events, in order
 */
public record CcEpisode(KernelVersion kernel, int cwnd, List<Step> steps) {
  /** What happens to the connection. */
  public enum Kind {
    /** An ACK delivers packets, with an RTT sample. */
    ACK,
    /** A loss is detected: fast recovery starts (ignored while one is under way). */
    LOSS,
    /** The retransmission timer fires: Loss, cwnd 1. */
    RTO,
    /** The reduction was false (DSACKs, timestamps): it is undone (ignored in Open). */
    UNDO,
    /** The recovery ends: cwnd falls to ssthresh ({@code tcp_end_cwnd_reduction}). */
    RECOVERED
  }

  /**
   * One event.
   *
   * @param kind what happens
   * @param packets for an ACK, the packets it delivers (1 to 4)
   * @param rttUs for an ACK, its RTT sample in microseconds
   * @param gapUs the time since the previous event, microseconds
   */
  public record Step(Kind kind, int packets, int rttUs, int gapUs) {
    @Override
    public String toString() {
      return kind == Kind.ACK
          ? "ACK of " + packets + " (rtt " + rttUs + " us, +" + gapUs + " us)"
          : kind + " (+" + gapUs + " us)";
    }
  }

  /**
   * Copies the steps.
   *
   * @param kernel kernel
   * @param cwnd the starting window
   * @param steps steps
   */
  public CcEpisode {
    steps = List.copyOf(steps);
  }

  @Override
  public String toString() {
    return kernel.word() + ", cwnd " + cwnd + " at the start, " + steps.size() + " events";
  }
}
