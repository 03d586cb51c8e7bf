package org.bondsim.api.policy;

import org.bondsim.api.Bond;
import org.bondsim.api.packet.OutgoingFrame;

/**
 * Chooses the slave each outgoing packet takes: the part of a bonding mode that Linux runs per skb
 * in {@code __bond_start_xmit}. One instance serves one bond for one run and is called from one
 * thread.
 *
 * <p>{@link #select} is on the hot path: it should not allocate.
 */
public interface TxPolicy {
  /** Returned by {@link #select} when no slave can send; the bond drops the packet. */
  int NO_SLAVE = -1;

  /**
   * Returned by {@link #select} to send a copy on every slave whose carrier and link are up, as
   * broadcast mode does.
   */
  int ALL_UP_SLAVES = -2;

  /**
   * Chooses the slave for a frame.
   *
   * @param frame the frame to send, a read-only view
   * @param bond the bond, with its slaves' current state
   * @return an index into {@link Bond#slaves()}, {@link #NO_SLAVE} or {@link #ALL_UP_SLAVES}
   */
  int select(OutgoingFrame frame, Bond bond);

  /**
   * Called after the bond's slave set or a slave's committed link state changed (link up or down,
   * enslave, release, active slave change), before the next {@link #select}.
   *
   * @param bond the bond
   */
  default void onSlavesChanged(Bond bond) {}

  /**
   * Called once before the run's first frame when the bond carried frames the run does not simulate
   * (a lab's pings, ARP, neighbour discovery): the policy moves its state as that many {@link
   * #select} calls would have, if such state matters (balance-rr's counter). A stateless policy
   * keeps the default, which does nothing.
   *
   * @param frames how many frames the bond sent before, at least 0
   */
  default void sentBefore(long frames) {}
}
