package org.bondsim.packetdrill;

/**
 * A construct the interpreter or the model does not have: the script is skipped, with the reason.
 */
final class Unsupported extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int line;

  Unsupported(String reason) {
    this(0, reason);
  }

  /** Found while parsing: valid packetdrill the interpreter does not take, at {@code line}. */
  Unsupported(int line, String reason) {
    super(reason, null, false, false);
    this.line = line;
  }

  /** The line, when the parser found it; 0 when the run did (the run knows its line). */
  int line() {
    return line;
  }
}
