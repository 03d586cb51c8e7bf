package org.bondsim.core.rx;

/**
 * CPU time a host spends on the paths the model charges, in nanoseconds. These are parameters, not
 * results: a profile names a set, and every figure it uses is documented where it is defined.
 *
 * @param perFrameNs driver and NAPI work per received frame (descriptor, skb, GRO lookup)
 * @param perPacketUpNs IP and TCP receive work per packet handed up (per GRO aggregate)
 * @param perByteNs copying received payload to the application, per byte
 * @param perAckNs TCP ACK processing per pure ACK received
 * @param perSackBlockNs extra per SACK block carried by an ACK
 * @param perSegmentSentNs TCP, IP and driver transmit work per segment sent
 */
public record CpuCosts(
    long perFrameNs,
    long perPacketUpNs,
    double perByteNs,
    long perAckNs,
    long perSackBlockNs,
    long perSegmentSentNs) {
  /** No CPU cost at all: the ideal receiver and sender. */
  public static final CpuCosts NONE = new CpuCosts(0, 0, 0, 0, 0, 0);

  /**
   * Checks the values.
   *
   * @param perFrameNs per frame
   * @param perPacketUpNs per packet up
   * @param perByteNs per byte
   * @param perAckNs per ACK
   * @param perSackBlockNs per SACK block
   * @param perSegmentSentNs per segment sent
   */
  public CpuCosts {
    if (perFrameNs < 0
        || perPacketUpNs < 0
        || perByteNs < 0
        || perAckNs < 0
        || perSackBlockNs < 0
        || perSegmentSentNs < 0) {
      throw new IllegalArgumentException("CPU costs must be >= 0");
    }
  }

  /**
   * Parses words such as {@code frame 500 up 1000 byte 0.25 ack 600 sack 100 tx 1500} (ns, and ns
   * per byte), each replacing 0.
   *
   * @param text the words
   * @return the costs
   * @throws IllegalArgumentException naming the word and the allowed ones
   */
  public static CpuCosts parse(String text) {
    String[] words = text.trim().split("\\s+");
    long frame = 0;
    long up = 0;
    double perByte = 0;
    long ack = 0;
    long sack = 0;
    long tx = 0;
    for (int i = 0; i + 1 < words.length || (i < words.length && !words[i].isEmpty()); i += 2) {
      String word = words[i];
      if (i + 1 >= words.length) {
        throw new IllegalArgumentException("--cpu-costs " + word + " needs a value");
      }
      String value = words[i + 1];
      double number;
      try {
        number = Double.parseDouble(value);
      } catch (NumberFormatException e) {
        number = -1;
      }
      if (!(number >= 0) || Double.isInfinite(number)) {
        throw new IllegalArgumentException(
            "--cpu-costs " + word + " must be a non-negative number of ns, got '" + value + "'");
      }
      switch (word) {
        case "frame" -> frame = Math.round(number);
        case "up" -> up = Math.round(number);
        case "byte" -> perByte = number;
        case "ack" -> ack = Math.round(number);
        case "sack" -> sack = Math.round(number);
        case "tx" -> tx = Math.round(number);
        default ->
            throw new IllegalArgumentException(
                "--cpu-costs takes frame, up, byte, ack, sack, tx, got '" + word + "'");
      }
    }
    return new CpuCosts(frame, up, perByte, ack, sack, tx);
  }

  /**
   * Returns whether anything costs CPU time.
   *
   * @return false for {@link #NONE}
   */
  public boolean any() {
    return perFrameNs > 0
        || perPacketUpNs > 0
        || perByteNs > 0
        || perAckNs > 0
        || perSackBlockNs > 0
        || perSegmentSentNs > 0;
  }
}
