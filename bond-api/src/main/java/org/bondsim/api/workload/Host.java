package org.bondsim.api.workload;

import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;

/** One end of a run, as a workload sees it: an address, a way out and a way in. */
public interface Host {
  /**
   * Returns the host's name.
   *
   * @return {@code local} (netperf) or {@code remote} (netserver)
   */
  String name();

  /**
   * Returns the MAC address of the host's bond.
   *
   * @return the address
   */
  MacAddress mac();

  /**
   * Returns the host's IPv4 address.
   *
   * @return the address
   */
  Ipv4Address address();

  /**
   * Hands a frame to the host's bond for sending.
   *
   * @param packet the frame
   */
  void send(Packet packet);

  /**
   * Sets what receives the frames the host's bond accepts. One handler per host.
   *
   * @param handler the receiver
   */
  void onReceive(PacketHandler handler);

  /**
   * TCP tells the host how many retransmit-queue segments an ACK's SACK blocks made it walk ({@code
   * tcp_sacktag_walk}, {@code tcp_check_dsack}); a host that models CPU time charges its cost per
   * segment to the CPU that is processing the ACK. By default nothing is charged.
   *
   * @param segments segments walked, at least 1
   */
  default void scoreboardWork(int segments) {}
}
