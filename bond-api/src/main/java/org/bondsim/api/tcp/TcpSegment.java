package org.bondsim.api.tcp;

import java.util.List;

/**
 * The per-segment fields of a TCP header. Sequence numbers are 64-bit and never wrap: the model
 * counts bytes from the start of the connection instead of using 32-bit modular arithmetic.
 *
 * @param sequence sequence number of the first payload byte
 * @param acknowledgment next sequence number expected from the peer
 * @param flags TCP flags, see the constants
 * @param window the advertised receive window in bytes (after scaling)
 * @param optionBytes bytes of TCP options, padded to a multiple of 4 (12 for timestamps)
 * @param sack SACK blocks carried, first the most recent (DSACK first when present)
 * @param tsVal the timestamp option's value (RFC 7323), in the sender's ms clock, or 0 without
 * @param tsEcr the timestamp echoed back, or 0
 * @param synOptions what a SYN or SYN-ACK offers, null on every other segment
 */
public record TcpSegment(
    long sequence,
    long acknowledgment,
    int flags,
    long window,
    int optionBytes,
    List<SackBlock> sack,
    long tsVal,
    long tsEcr,
    SynOptions synOptions) {
  /** FIN flag. */
  public static final int FIN = 0x01;

  /** SYN flag. */
  public static final int SYN = 0x02;

  /** RST flag. */
  public static final int RST = 0x04;

  /** PSH flag. */
  public static final int PSH = 0x08;

  /** ACK flag. */
  public static final int ACK = 0x10;

  /** URG flag. */
  public static final int URG = 0x20;

  /** ECE flag. */
  public static final int ECE = 0x40;

  /** CWR flag. */
  public static final int CWR = 0x80;

  /**
   * Checks the fields and freezes the SACK list.
   *
   * @param sequence sequence number
   * @param acknowledgment acknowledgment number
   * @param flags flags
   * @param window window
   * @param optionBytes option bytes
   * @param sack SACK blocks
   * @param tsVal timestamp value
   * @param tsEcr timestamp echo
   * @param synOptions SYN options, only with the SYN flag
   */
  public TcpSegment {
    if (flags < 0 || flags > 0xFF) {
      throw new IllegalArgumentException("TCP flags must be 0..255, got " + flags);
    }
    if (optionBytes < 0 || optionBytes > 40 || optionBytes % 4 != 0) {
      throw new IllegalArgumentException(
          "TCP option bytes must be a multiple of 4 in 0..40, got " + optionBytes);
    }
    sack = List.copyOf(sack);
    if (synOptions != null && (flags & SYN) == 0) {
      throw new IllegalArgumentException("only a SYN carries SYN options");
    }
  }

  /**
   * A segment without SYN options, every segment but a SYN or SYN-ACK.
   *
   * @param sequence sequence number
   * @param acknowledgment acknowledgment number
   * @param flags flags
   * @param window window
   * @param optionBytes option bytes
   * @param sack SACK blocks
   * @param tsVal timestamp value
   * @param tsEcr timestamp echo
   */
  public TcpSegment(
      long sequence,
      long acknowledgment,
      int flags,
      long window,
      int optionBytes,
      List<SackBlock> sack,
      long tsVal,
      long tsEcr) {
    this(sequence, acknowledgment, flags, window, optionBytes, sack, tsVal, tsEcr, null);
  }

  /**
   * Returns whether a flag is set.
   *
   * @param flag one of the flag constants
   * @return true if set
   */
  public boolean has(int flag) {
    return (flags & flag) != 0;
  }
}
