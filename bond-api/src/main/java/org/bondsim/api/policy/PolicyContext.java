package org.bondsim.api.policy;

import org.bondsim.api.Bond;
import org.bondsim.api.RandomSource;
import org.bondsim.api.packet.MacAddress;

/** What the simulation offers a transmit policy: its bond, the clock, timers and randomness. */
public interface PolicyContext {
  /**
   * Returns the bond this policy serves.
   *
   * @return the bond
   */
  Bond bond();

  /**
   * Returns the simulated time. Policies never read the wall clock.
   *
   * @return nanoseconds since the start of the run
   */
  long now();

  /**
   * Runs a task later in simulated time, for periodic work such as a rebalance. Tasks scheduled for
   * the same instant run in the order they were scheduled.
   *
   * @param delayNs nanoseconds from now, at least 0
   * @param task what to run
   */
  void schedule(long delayNs, Runnable task);

  /**
   * Returns this policy's own seeded random source.
   *
   * @return the source
   */
  RandomSource random();

  /**
   * Sends learning packets on a slave, as Linux's {@code alb_send_learning_packets}: a 60-byte
   * frame with source and destination {@code mac} and EtherType 0x9000 ({@code ETH_P_LOOPBACK}), so
   * that the switch the slave is plugged into learns {@code mac} on that port. The frame is queued
   * on the slave like any other. Contexts without a wire ignore the call.
   *
   * @param slave index of the slave to send on
   * @param mac the address the switch should learn there
   */
  default void sendLearningPacket(int slave, MacAddress mac) {}

  /**
   * Puts a slave's NIC into promiscuous mode or takes it out ({@code dev_set_promiscuity}), so that
   * it also accepts unicast frames addressed to other MACs. Contexts without NICs ignore the call.
   *
   * @param slave index of the slave
   * @param on true to accept every frame
   */
  default void setPromiscuous(int slave, boolean on) {}

  /**
   * Tells every peer again which MAC to use for this host, as balance-alb's ARP updates do ({@code
   * rlb_update_rx_clients}): each peer asks this bond's {@link ReceiveBalancer} and takes the
   * answer at once. Contexts without peers ignore the call.
   */
  default void updatePeers() {}
}
