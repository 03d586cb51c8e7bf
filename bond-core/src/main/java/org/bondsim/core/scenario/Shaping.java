package org.bondsim.core.scenario;

/**
 * A slave's link shaped as a lab builds one from virtual wires: each direction leaves through a tbf
 * qdisc at {@code rateMbps} with a burst of {@code burstBytes} ({@code tc qdisc add dev X root tbf
 * rate R burst B overhead 24}), then crosses the link (as fast as the slave's speed) and its delay,
 * plus a fixed extra delay per direction (what a netem after the tbf adds beyond the propagation
 * delay). Each tbf starts a run with its bucket part full (seeded): a lab's buckets keep whatever
 * the traffic before the test left them, which sets the phase of each link's releases against the
 * others'. {@link #NONE}: a plain cable, serialised at the slave's speed.
 *
 * @param rateMbps tbf's rate, counting each frame with preamble, delimiter and gap; 0 for none
 * @param burstBytes tbf's burst
 * @param forwardExtraNs added to the delay from the local host to the remote one
 * @param backwardExtraNs added to the delay back
 */
public record Shaping(long rateMbps, int burstBytes, long forwardExtraNs, long backwardExtraNs) {
  /** No shaping: the slave's cable. */
  public static final Shaping NONE = new Shaping(0, 0, 0, 0);

  /**
   * Checks the fields.
   *
   * @param rateMbps rate
   * @param burstBytes burst
   * @param forwardExtraNs forward extra delay
   * @param backwardExtraNs backward extra delay
   */
  public Shaping {
    if (rateMbps < 0 || rateMbps > 1_000_000) {
      throw new IllegalArgumentException("shaping rateMbps must be 0..1000000, got " + rateMbps);
    }
    if (rateMbps > 0 && (burstBytes < 64 || burstBytes > 1 << 26)) {
      throw new IllegalArgumentException(
          "shaping burstBytes must be 64..67108864 with a rate, got " + burstBytes);
    }
    if (forwardExtraNs < 0 || backwardExtraNs < 0) {
      throw new IllegalArgumentException(
          "shaping extra delays must be >= 0 ns, got "
              + forwardExtraNs
              + " and "
              + backwardExtraNs);
    }
  }

  /**
   * Returns whether a tbf shapes the link.
   *
   * @return true with a rate
   */
  public boolean active() {
    return rateMbps > 0;
  }
}
