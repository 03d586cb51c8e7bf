package org.bondsim.core.host;

/**
 * Named construction of {@link CpuCosts}: every figure starts at 0 and a profile sets the ones it
 * has by name ({@link CpuCosts#builder}), or a variant changes a few of another's ({@link
 * CpuCosts#toBuilder}). {@link #build} checks the figures as the record does.
 */
public final class CpuCostsBuilder {
  private long perFrameNs;
  private long perPacketUpNs;
  private double perByteNs;
  private long perAckNs;
  private long perSackBlockNs;
  private long perSegmentSentNs;
  private double perByteSentNs;
  private long perGsoSegmentNs;
  private long perInterruptNs;
  private long perPollNs;
  private long perSackSegmentNs;
  private long perTcpSegmentNs;
  private long perWakeupNs;

  CpuCostsBuilder() {}

  CpuCostsBuilder(CpuCosts base) {
    perFrameNs = base.perFrameNs();
    perPacketUpNs = base.perPacketUpNs();
    perByteNs = base.perByteNs();
    perAckNs = base.perAckNs();
    perSackBlockNs = base.perSackBlockNs();
    perSegmentSentNs = base.perSegmentSentNs();
    perByteSentNs = base.perByteSentNs();
    perGsoSegmentNs = base.perGsoSegmentNs();
    perInterruptNs = base.perInterruptNs();
    perPollNs = base.perPollNs();
    perSackSegmentNs = base.perSackSegmentNs();
    perTcpSegmentNs = base.perTcpSegmentNs();
    perWakeupNs = base.perWakeupNs();
  }

  /**
   * Sets {@link CpuCosts#perFrameNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perFrameNs(long value) {
    perFrameNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perPacketUpNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perPacketUpNs(long value) {
    perPacketUpNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perByteNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perByteNs(double value) {
    perByteNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perAckNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perAckNs(long value) {
    perAckNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perSackBlockNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perSackBlockNs(long value) {
    perSackBlockNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perSegmentSentNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perSegmentSentNs(long value) {
    perSegmentSentNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perByteSentNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perByteSentNs(double value) {
    perByteSentNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perGsoSegmentNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perGsoSegmentNs(long value) {
    perGsoSegmentNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perInterruptNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perInterruptNs(long value) {
    perInterruptNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perPollNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perPollNs(long value) {
    perPollNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perSackSegmentNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perSackSegmentNs(long value) {
    perSackSegmentNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perTcpSegmentNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perTcpSegmentNs(long value) {
    perTcpSegmentNs = value;
    return this;
  }

  /**
   * Sets {@link CpuCosts#perWakeupNs}.
   *
   * @param value the figure
   * @return this builder
   */
  public CpuCostsBuilder perWakeupNs(long value) {
    perWakeupNs = value;
    return this;
  }

  /**
   * Returns the costs.
   *
   * @return the costs
   * @throws IllegalArgumentException naming a figure out of its range
   */
  public CpuCosts build() {
    return new CpuCosts(
        perFrameNs,
        perPacketUpNs,
        perByteNs,
        perAckNs,
        perSackBlockNs,
        perSegmentSentNs,
        perByteSentNs,
        perGsoSegmentNs,
        perInterruptNs,
        perPollNs,
        perSackSegmentNs,
        perTcpSegmentNs,
        perWakeupNs);
  }
}
