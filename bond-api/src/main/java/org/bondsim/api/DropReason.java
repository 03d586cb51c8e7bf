package org.bondsim.api;

/**
 * Why a frame was lost. Every frame a bond hands to a slave is, at the end of a run, received by
 * the peer, dropped for one of these reasons, or still in flight.
 */
public enum DropReason {
  /** The slave's transmit queue already held {@code txqueuelen} frames. */
  TX_QUEUE_FULL("txqueue_full"),
  /** Handed to a slave whose carrier was down (its qdisc discards, as Linux's noop qdisc does). */
  CARRIER_DOWN("carrier_down"),
  /** Queued, being serialised, or on the wire when the link failed. */
  LINK_FAILED("link_failed"),
  /** The policy found no slave that could transmit. */
  NO_USABLE_SLAVE("no_usable_slave"),
  /** Frame larger than the slave's MTU. */
  MTU_EXCEEDED("mtu_exceeded"),
  /** The receiving NIC's RX ring was full. */
  RX_RING_FULL("rx_ring_full"),
  /** Lost on purpose by a netem-style path impairment. */
  NETEM_LOSS("netem_loss"),
  /**
   * Received on a slave the receiving bond marks inactive (a backup slave in active-backup), so not
   * delivered to the bond.
   */
  INACTIVE_SLAVE("inactive_slave"),
  /**
   * Received by a NIC whose address filter does not pass the destination: a unicast frame for
   * another MAC that a switch flooded, on a NIC that is not promiscuous.
   */
  ADDRESS_FILTER("address_filter"),
  /**
   * Lost on a cable that keeps its carrier but carries nothing in that direction (a line card that
   * stopped forwarding, a fibre cut one way): no monitor that watches the carrier notices.
   */
  BLACKHOLE("blackhole"),
  /**
   * Dropped by a switch: received on a port-channel member that is not collecting (LACP has not put
   * it in the bundle), as a switch discards frames on a suspended member.
   */
  NOT_COLLECTING("not_collecting");

  private final String counterName;

  DropReason(String counterName) {
    this.counterName = counterName;
  }

  /**
   * Returns the name used in reports and JSON.
   *
   * @return a lower-case name such as {@code txqueue_full}
   */
  public String counterName() {
    return counterName;
  }
}
