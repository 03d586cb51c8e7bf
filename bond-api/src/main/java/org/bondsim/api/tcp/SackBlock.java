package org.bondsim.api.tcp;

/**
 * One SACK block: the bytes {@code [start, end)} the receiver holds out of order (RFC 2018).
 *
 * @param start first sequence number held
 * @param end sequence number after the last one held
 */
public record SackBlock(long start, long end) {
  /**
   * Checks the block is not empty.
   *
   * @param start first sequence number
   * @param end sequence number after the last one
   */
  public SackBlock {
    if (end <= start) {
      throw new IllegalArgumentException(
          "SACK block end must be after start, got " + start + ".." + end);
    }
  }
}
