package org.bondsim.packetdrill;

/**
 * A construct the interpreter or the model does not have: the script is skipped, with the reason.
 */
final class Unsupported extends RuntimeException {
  private static final long serialVersionUID = 1L;

  Unsupported(String reason) {
    super(reason, null, false, false);
  }
}
