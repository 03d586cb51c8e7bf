package org.bondsim.testkit;

/**
 * A change to one slave's link, applied just before a given packet of a generated run.
 *
 * @param beforePacket the packet index it comes before
 * @param slave the slave's index
 * @param kind what changes
 * @param delayNs the new one-way delay, for {@link Kind#DELAY}
 */
public record LinkChange(int beforePacket, int slave, Kind kind, long delayNs) {
  /** What a link change does. */
  public enum Kind {
    /** The carrier goes down (cable pulled). */
    DOWN,
    /** The carrier comes back. */
    UP,
    /** The path's one-way delay changes. */
    DELAY
  }

  @Override
  public String toString() {
    String what = kind == Kind.DELAY ? "delay " + delayNs / 1000 + "us" : kind.name().toLowerCase();
    return "eth" + slave + " " + what + " before packet " + beforePacket;
  }
}
