package org.bondsim.api;

/**
 * Which Linux kernel's behaviour a model follows ({@code bondsim.kernel}, {@code --kernel}): each
 * model documents what differs between them.
 */
public enum KernelVersion {
  /** Linux 6.x, the default. */
  LINUX_6("6.x"),
  /**
   * Linux 6.1 as released (before its stable series took the October 2023 timer fixes): differs
   * from 6.x only where a model says so.
   */
  LINUX_6_1("6.1"),
  /**
   * Linux 3.16, the kernel of the tlb_dynamic_lb experiment: its TCP (FACK, early retransmit's era,
   * tail loss probes, PRR, no RACK), GRO and softirq budget where a model has them.
   */
  LINUX_3_16("3.16"),
  /** Linux 2.6.37, the kernel of the reference experiments. */
  LINUX_2_6_37("2.6.37");

  private final String word;

  KernelVersion(String word) {
    this.word = word;
  }

  /**
   * Returns the word the command line and settings use.
   *
   * @return {@code 6.x}, {@code 6.1}, {@code 3.16} or {@code 2.6.37}
   */
  public String word() {
    return word;
  }

  /**
   * Reads a kernel's word.
   *
   * @param text {@code 6.x}, {@code 6.1}, {@code 3.16} or {@code 2.6.37}
   * @return the kernel
   * @throws IllegalArgumentException naming the allowed words
   */
  public static KernelVersion parse(String text) {
    for (KernelVersion kernel : values()) {
      if (kernel.word.equals(text)) {
        return kernel;
      }
    }
    throw new IllegalArgumentException(
        "bondsim.kernel must be one of 6.x, 6.1, 3.16, 2.6.37, got '" + text + "'");
  }

  /** The word, so that messages and reports print {@code 6.x} rather than the constant. */
  @Override
  public String toString() {
    return word;
  }
}
