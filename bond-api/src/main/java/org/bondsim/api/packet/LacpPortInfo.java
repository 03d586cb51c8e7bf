package org.bondsim.api.packet;

/**
 * One side's information in a LACPDU (IEEE 802.1AX-2014 6.4.2.3, Linux's {@code struct
 * port_params}): the system, its priority, the port's key, number and priority, and its state bits
 * ({@link #ACTIVITY} … {@link #EXPIRED}).
 *
 * @param systemPriority system priority, 1..65535
 * @param system system MAC in the low 48 bits
 * @param key the port's operational key
 * @param portPriority port priority
 * @param portNumber port number
 * @param state the state octet
 */
public record LacpPortInfo(
    int systemPriority, long system, int key, int portPriority, int portNumber, int state) {
  /** LACP_Activity: active LACP (sends on its own), else passive. */
  public static final int ACTIVITY = 0x01;

  /** LACP_Timeout: short timeout, so the partner transmits every second. */
  public static final int TIMEOUT = 0x02;

  /** Aggregation: the link may aggregate, else it is individual. */
  public static final int AGGREGATION = 0x04;

  /** Synchronization: the port is attached to the right aggregator. */
  public static final int SYNCHRONIZATION = 0x08;

  /** Collecting: frames received on the port are collected. */
  public static final int COLLECTING = 0x10;

  /** Distributing: the port transmits the aggregator's frames. */
  public static final int DISTRIBUTING = 0x20;

  /** Defaulted: the partner information is the administrative default, no LACPDU was received. */
  public static final int DEFAULTED = 0x40;

  /** Expired: the receive machine is in EXPIRED. */
  public static final int EXPIRED = 0x80;

  /** The partner a port assumes before any LACPDU ({@code ad_initialize_port}'s template). */
  public static final LacpPortInfo DEFAULT_PARTNER = new LacpPortInfo(0xffff, 0, 1, 0xff, 1, 0);

  /**
   * Returns whether a state bit is set.
   *
   * @param bit one of the state constants
   * @return true if set
   */
  public boolean has(int bit) {
    return (state & bit) != 0;
  }
}
