package org.bondsim.api.tcp;

/**
 * The options a SYN or SYN-ACK offers ({@code tcp_syn_options}, {@code tcp_synack_options}), as
 * {@code tcp_parse_options} reads them on the other side. Only a segment with the SYN flag carries
 * them.
 *
 * @param mss the MSS option's value, or 0 when the segment carries none (the peer then assumes 536,
 *     RFC 1122 and {@code TCP_MSS_DEFAULT})
 * @param sackPermitted the SACK-permitted option (RFC 2018)
 * @param timestamps the timestamps option (RFC 7323)
 * @param windowScale the window scale option's shift (0..14), or -1 when not offered
 */
public record SynOptions(int mss, boolean sackPermitted, boolean timestamps, int windowScale) {
  /** The MSS a host assumes when the SYN has no MSS option ({@code TCP_MSS_DEFAULT}). */
  public static final int DEFAULT_MSS = 536;

  /**
   * Checks the values.
   *
   * @param mss the MSS, 0 for none
   * @param sackPermitted SACK-permitted
   * @param timestamps timestamps
   * @param windowScale the shift, -1 for none
   */
  public SynOptions {
    if (mss < 0 || mss > 65535) {
      throw new IllegalArgumentException("MSS option must be 0..65535 (0: none), got " + mss);
    }
    if (windowScale < -1 || windowScale > 14) {
      throw new IllegalArgumentException(
          "window scale must be 0..14 (RFC 7323), or -1 for none, got " + windowScale);
    }
  }

  /**
   * Returns the MSS the peer may send with, the default when the option is missing.
   *
   * @return bytes
   */
  public int mssOrDefault() {
    return mss == 0 ? DEFAULT_MSS : mss;
  }
}
