package org.bondsim.core.scenario;

import org.bondsim.api.option.OptionException;

/**
 * A fault injected on one slave's cable at a given time, or its end: the carrier lost (pulling the
 * cable), or a black hole that keeps the carrier up while frames are lost in both directions or
 * one. An event with {@code up} true ends whatever fault the cable has.
 *
 * @param slave the slave's name, such as {@code eth0}
 * @param atNs when, in simulated nanoseconds from the test's start
 * @param up true to end the fault (carrier back, black hole gone), false to start it
 * @param fault what fails; {@link Fault#CARRIER} for an event that ends a fault
 */
public record LinkEvent(String slave, long atNs, boolean up, Fault fault) {
  /** What a fault takes away. */
  public enum Fault {
    /** The carrier: both ends see the link go down ({@code --fail}). */
    CARRIER,
    /** Every frame on the cable, both ways, with the carrier up ({@code --blackhole eth0@2s}). */
    BLACKHOLE,
    /** Frames the host sends on the cable ({@code :tx}). */
    BLACKHOLE_TX,
    /** Frames the host receives on the cable ({@code :rx}). */
    BLACKHOLE_RX;

    /**
     * Returns whether frames the host sends are lost.
     *
     * @return true for a black hole in the sending direction
     */
    public boolean losesTx() {
      return this == BLACKHOLE || this == BLACKHOLE_TX;
    }

    /**
     * Returns whether frames the host receives are lost.
     *
     * @return true for a black hole in the receiving direction
     */
    public boolean losesRx() {
      return this == BLACKHOLE || this == BLACKHOLE_RX;
    }
  }

  /**
   * Checks the fields.
   *
   * @param slave slave name
   * @param atNs time
   * @param up whether the fault ends
   * @param fault what fails
   */
  public LinkEvent {
    if (atNs < 0) {
      throw new OptionException(
          "link event", String.valueOf(atNs), "link event time must be >= 0, got " + atNs);
    }
    Checks.notNull("fault", fault);
  }

  /**
   * A carrier change, as pulling or plugging a cable.
   *
   * @param slave slave name
   * @param atNs time
   * @param up true to restore the carrier (and end any black hole), false to fail it
   */
  public LinkEvent(String slave, long atNs, boolean up) {
    this(slave, atNs, up, Fault.CARRIER);
  }
}
