package org.bondsim.policy.tlb;

import java.util.Arrays;
import org.bondsim.api.Bond;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.ReceiveBalancer;
import org.bondsim.policy.hash.XmitHash;

/**
 * balance-alb: tlb's transmit side plus receive load balancing as Linux 6.17's {@code bond_alb.c}
 * does it. Each peer (client) that learns this host's MAC from it gets a slave: the client table
 * has 256 entries keyed by the XOR of the client address's bytes ({@code rx_hashtbl}), a new client
 * takes the next slave in turn among the fastest that can transmit ({@code __rlb_next_rx_slave}),
 * and the client is told that slave's MAC, so its traffic arrives there.
 *
 * <p>When a slave goes down its clients move to the next slaves in turn and, if it was not the
 * active slave, the active slave learns its MAC at the switch and turns promiscuous for 10 s
 * ({@code rlb_teach_disabled_mac_on_primary}). A slave that comes up makes the next tick hand every
 * client a slave again in turn ({@code rlb_rebalance}). A change of active slave swaps two MACs, so
 * the clients of both slaves are told again. Clients are told 2 s after the change ({@code
 * RLB_UPDATE_DELAY}) and then on each of three more ticks ({@code RLB_UPDATE_RETRY}), as the
 * monitor's update rounds do.
 *
 * <p>Differences from Linux: ARP frames are not simulated (see {@link ReceiveBalancer}); a peer
 * asks once when the run starts, as if this host had answered its ARP request, and takes each
 * update at once. Clients are IPv4 only, as in Linux.
 */
final class AlbSelection extends TlbSelection implements ReceiveBalancer {
  /** Entries of the client table. */
  static final int CLIENTS = 256;

  /** Ticks between a change and the client updates ({@code RLB_UPDATE_DELAY}, 2 s). */
  static final int UPDATE_DELAY_TICKS = 20;

  /** Extra update rounds after a slave change ({@code RLB_UPDATE_RETRY}). */
  static final int UPDATE_RETRIES = 3;

  /** Ticks the active slave stays promiscuous after learning a dead slave's MAC (10 s). */
  static final int PROMISC_TICKS = 100;

  private static final int NONE = -1;

  private final int[] clientAddress = new int[CLIENTS];
  private final int[] clientSource = new int[CLIENTS];
  private final int[] clientSlave = new int[CLIENTS];
  private final boolean[] assigned = new boolean[CLIENTS];
  // Assigned entries, most recent first, as rx_hashtbl_used_head's list.
  private final int[] used = new int[CLIENTS];
  private int usedCount;
  private int rxSlave = NONE;
  private boolean rebalance;
  private boolean updatesPending;
  private int updateDelay;
  private int updateRetries;
  private boolean activePromiscuous;
  private int promiscuousTicks;

  AlbSelection(XmitHash hash, boolean dynamic, long lpIntervalSeconds, PolicyContext context) {
    super(hash, true, false, dynamic, false, lpIntervalSeconds, context);
    Arrays.fill(clientSlave, NONE);
  }

  /** rlb_choose_channel for the ARP reply this host sends a peer. */
  @Override
  public int receiveSlave(Ipv4Address peer, Ipv4Address ourAddress) {
    Bond bond = context.bond();
    int index = fold(peer.bits());
    if (assigned[index]) {
      if (clientAddress[index] == peer.bits() && clientSource[index] == ourAddress.bits()) {
        if (clientSlave[index] != NONE) {
          return clientSlave[index];
        }
      } else if (bond.activeSlave() >= 0) {
        // Another client held the entry: it falls back to the active slave's MAC.
        clientSlave[index] = bond.activeSlave();
      }
    }
    int slave = nextRxSlave(bond);
    if (slave != NONE) {
      clientAddress[index] = peer.bits();
      clientSource[index] = ourAddress.bits();
      clientSlave[index] = slave;
      updatesPending = true;
      if (!assigned[index]) {
        System.arraycopy(used, 0, used, 1, usedCount);
        used[0] = index;
        usedCount++;
        assigned[index] = true;
      }
    }
    return slave;
  }

  /**
   * __rlb_next_rx_slave: the fastest usable slave after the last one handed out, else the fastest
   * up to it; the first of equals wins.
   */
  private int nextRxSlave(Bond bond) {
    int before = NONE;
    int after = NONE;
    boolean found = false;
    for (int i = 0; i < bond.slaveCount(); i++) {
      if (!bond.slave(i).canTransmit()) {
        continue;
      }
      long speed = bond.slave(i).link().speedMbps();
      if (!found) {
        if (before == NONE || bond.slave(before).link().speedMbps() < speed) {
          before = i;
        }
      } else if (after == NONE || bond.slave(after).link().speedMbps() < speed) {
        after = i;
      }
      if (i == rxSlave) {
        found = true;
      }
    }
    int chosen = after;
    if (chosen == NONE
        || (before != NONE
            && bond.slave(chosen).link().speedMbps() < bond.slave(before).link().speedMbps())) {
      chosen = before;
    }
    if (chosen != NONE) {
      rxSlave = chosen;
    }
    return chosen;
  }

  /**
   * rlb_clear_slave: the slave's clients move on in turn; a backup's MAC is taught on the active.
   */
  @Override
  void slaveWentDown(Bond bond, int slave, boolean wasActive) {
    for (int k = 0; k < usedCount; k++) {
      int index = used[k];
      if (clientSlave[index] == slave) {
        int next = nextRxSlave(bond);
        clientSlave[index] = next;
        if (next != NONE) {
          updatesPending = true;
          updateRetries = UPDATE_RETRIES;
        }
      }
    }
    int active = bond.activeSlave();
    if (!wasActive && active >= 0 && active != slave) {
      context.setPromiscuous(active, true);
      activePromiscuous = true;
      promiscuousTicks = 0;
      context.sendLearningPacket(active, bond.slave(slave).mac());
    }
  }

  @Override
  void slaveCameUp(Bond bond, int slave) {
    rebalance = true;
  }

  /** alb_fasten_mac_swap: the clients of both slaves whose MACs swapped are told again. */
  @Override
  void activeChanged(Bond bond, int previous, int next) {
    if (activePromiscuous && previous >= 0) {
      context.setPromiscuous(previous, false);
      activePromiscuous = false;
      promiscuousTicks = 0;
    }
    for (int k = 0; k < usedCount; k++) {
      int index = used[k];
      if (clientSlave[index] != NONE
          && (clientSlave[index] == previous || clientSlave[index] == next)) {
        updatesPending = true;
        updateRetries = UPDATE_RETRIES;
      }
    }
  }

  /** bond_alb_monitor, receive part. */
  @Override
  void afterTick(Bond bond) {
    if (activePromiscuous && ++promiscuousTicks >= PROMISC_TICKS) {
      if (bond.activeSlave() >= 0) {
        context.setPromiscuous(bond.activeSlave(), false);
      }
      activePromiscuous = false;
      promiscuousTicks = 0;
    }
    if (rebalance) {
      rebalance = false;
      for (int k = 0; k < usedCount; k++) {
        int index = used[k];
        int slave = nextRxSlave(bond);
        if (slave != NONE && slave != clientSlave[index]) {
          clientSlave[index] = slave;
          updatesPending = true;
        }
      }
    }
    if (updatesPending) {
      if (updateDelay > 0) {
        updateDelay--;
      } else {
        // rlb_update_rx_clients. Every peer asks again, so no per-client mark is kept: a client
        // whose slave did not change hears the same answer.
        context.updatePeers();
        updateDelay = UPDATE_DELAY_TICKS;
        if (updateRetries > 0) {
          updateRetries--;
        } else {
          updatesPending = false;
        }
      }
    }
  }

  /**
   * Returns the slave a client address is assigned to.
   *
   * @param peer the client
   * @return the slave, or -1 if the client has no entry
   */
  int clientSlave(Ipv4Address peer) {
    int index = fold(peer.bits());
    return assigned[index] && clientAddress[index] == peer.bits() ? clientSlave[index] : NONE;
  }

  /** _simple_hash of an IPv4 address: the XOR of its four bytes. */
  private static int fold(int word) {
    return (word ^ (word >>> 8) ^ (word >>> 16) ^ (word >>> 24)) & 0xFF;
  }
}
