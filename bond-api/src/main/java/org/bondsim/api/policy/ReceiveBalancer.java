package org.bondsim.api.policy;

import org.bondsim.api.packet.Ipv4Address;

/**
 * A transmit policy that also balances what the bond receives, as balance-alb's receive load
 * balancing (rlb) does: when this host tells a peer its MAC (an ARP reply), the bond answers with
 * the MAC of the slave the policy assigns to that peer, so each peer's traffic arrives on its own
 * slave. A {@link TxPolicy} implements this interface to take part.
 *
 * <p>bondsim does not simulate ARP frames: a peer asks {@link #receiveSlave} when it first resolves
 * this host and again whenever the policy calls {@link PolicyContext#updatePeers()}, and uses the
 * answer at once. In Linux the answer travels in ARP replies ({@code rlb_arp_xmit}, {@code
 * rlb_update_client}) that take a round trip to arrive.
 */
public interface ReceiveBalancer {
  /**
   * Returns the slave whose MAC this host gives to a peer, assigning one if the peer is new ({@code
   * rlb_choose_channel}).
   *
   * @param peer the peer's address
   * @param ourAddress this host's address the peer asked for
   * @return index of the slave, or -1 when no slave can take the peer's traffic (the peer then uses
   *     the bond's own MAC)
   */
  int receiveSlave(Ipv4Address peer, Ipv4Address ourAddress);
}
