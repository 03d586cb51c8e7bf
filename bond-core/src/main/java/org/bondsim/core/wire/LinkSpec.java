package org.bondsim.core.wire;

import org.bondsim.api.option.OptionException;

/**
 * The physical properties of one slave's link.
 *
 * @param rateBitsPerSecond line rate in bit/s
 * @param propagationDelayNs one-way delay in ns
 * @param mtu largest IP packet in bytes
 * @param wireOverheadBytes preamble, start delimiter and inter-frame gap per frame (20 for
 *     Ethernet)
 */
public record LinkSpec(
    long rateBitsPerSecond, long propagationDelayNs, int mtu, int wireOverheadBytes) {
  /** Preamble (7) + start-of-frame delimiter (1) + minimum inter-frame gap (12). */
  public static final int ETHERNET_OVERHEAD = 20;

  /**
   * Checks the values.
   *
   * @param rateBitsPerSecond rate
   * @param propagationDelayNs delay
   * @param mtu MTU
   * @param wireOverheadBytes overhead
   */
  public LinkSpec {
    if (rateBitsPerSecond <= 0) {
      throw new IllegalArgumentException("link rate must be > 0 bit/s, got " + rateBitsPerSecond);
    }
    if (propagationDelayNs < 0) {
      throw new IllegalArgumentException("link delay must be >= 0 ns, got " + propagationDelayNs);
    }
    if (mtu < 68 || mtu > 65535) {
      throw new OptionException("mtu", Integer.toString(mtu), "mtu must be 68..65535, got " + mtu);
    }
    if (wireOverheadBytes < 0) {
      throw new IllegalArgumentException("wire overhead must be >= 0, got " + wireOverheadBytes);
    }
  }

  /**
   * Builds an Ethernet link.
   *
   * @param speedMbps speed in Mbit/s
   * @param delayNs one-way delay
   * @param mtu MTU
   * @return the spec
   */
  public static LinkSpec ethernet(long speedMbps, long delayNs, int mtu) {
    return new LinkSpec(speedMbps * 1_000_000L, delayNs, mtu, ETHERNET_OVERHEAD);
  }
}
