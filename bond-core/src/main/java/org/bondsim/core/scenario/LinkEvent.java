package org.bondsim.core.scenario;

/**
 * A carrier change injected on one slave's link at a given time, as pulling or plugging a cable.
 *
 * @param slave the slave's name, such as {@code eth0}
 * @param atNs when, in simulated nanoseconds
 * @param up true to restore the carrier, false to fail it
 */
public record LinkEvent(String slave, long atNs, boolean up) {
  /**
   * Checks the fields.
   *
   * @param slave slave name
   * @param atNs time
   * @param up new carrier state
   */
  public LinkEvent {
    if (atNs < 0) {
      throw new IllegalArgumentException("link event time must be >= 0, got " + atNs);
    }
  }
}
