package org.bondsim.api.packet;

/** Range checks shared by the headers that carry ports. */
final class Ports {
  private Ports() {}

  static void check(int sourcePort, int destinationPort) {
    if (sourcePort < 0 || sourcePort > 0xFFFF) {
      throw new IllegalArgumentException("source port must be 0..65535, got " + sourcePort);
    }
    if (destinationPort < 0 || destinationPort > 0xFFFF) {
      throw new IllegalArgumentException(
          "destination port must be 0..65535, got " + destinationPort);
    }
  }
}
