package org.bondsim.core.bond;

import java.util.List;
import java.util.function.LongSupplier;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.policy.ReceiveBalancer;
import org.bondsim.api.stack.Packet;

/**
 * The MAC address work of balance-tlb and balance-alb ({@code bond_alb.c}): which slave holds the
 * bond's address, the learning packets that teach the switch where an address now is, and rlb's ARP
 * replies from a slave's own address. The bond owns the slaves; this class only moves their
 * addresses and queues the frames that announce them.
 */
final class AlbAddresses {
  private final MacAddress bondMac;
  private final List<SlaveDevice> slaves;
  private final LongSupplier clock;
  private ReceiveBalancer receiveBalancer;
  private long learningPackets;

  AlbAddresses(MacAddress bondMac, List<SlaveDevice> slaves, LongSupplier clock) {
    this.bondMac = bondMac;
    this.slaves = slaves;
    this.clock = clock;
  }

  void attachReceiveBalancer(ReceiveBalancer balancer) {
    this.receiveBalancer = balancer;
  }

  boolean balancesReceive() {
    return receiveBalancer != null;
  }

  /** The MAC to answer {@code peer} with: rlb's assigned slave's own, else the bond's. */
  long macFor(Ipv4Address peer, Ipv4Address ourAddress) {
    if (receiveBalancer != null) {
      int slave = receiveBalancer.receiveSlave(peer, ourAddress);
      if (slave >= 0) {
        // rlb sends the ARP reply on the assigned slave, from its MAC, so the switch learns that
        // MAC there at once; a learning packet from the slave stands in for that reply.
        sendLearningPacket(slave, slaves.get(slave).mac());
        return slaves.get(slave).mac().bits();
      }
    }
    return bondMac.bits();
  }

  /**
   * {@code alb_send_learning_packets}: 60 bytes, source and destination {@code address}, EtherType
   * 0x9000. Skipped while the slave has no carrier, where Linux's noop qdisc would discard it.
   */
  void sendLearningPacket(int slaveIndex, MacAddress address) {
    SlaveDevice slave = slaves.get(slaveIndex);
    if (!slave.carrier()) {
      return;
    }
    Frame frame =
        new Frame(
            new EthernetHeader(address, address, EthernetHeader.NO_VLAN, EtherType.LOOPBACK),
            null,
            null);
    // 60 bytes without FCS: 14 of header, 46 of padding.
    Packet packet = new Packet(frame, 46, null, -1, learningPackets++, clock.getAsLong(), null, 0);
    slave.txPort().enqueue(packet, false);
  }

  /**
   * {@code rlb_arp_xmit}: a reply from a slave's own MAC leaves on that slave.
   *
   * @return false when the reply carries the bond's MAC and takes the bond's transmit path
   */
  boolean sendArpReplyFromSlave(Packet packet) {
    if (packet.linkSource() == bondMac.bits()) {
      return false;
    }
    for (SlaveDevice slave : slaves) {
      if (slave.mac().bits() == packet.linkSource()) {
        if (slave.carrier()) {
          slave.txPort().enqueue(packet, false);
        }
        return true;
      }
    }
    return false;
  }

  long learningPackets() {
    return learningPackets;
  }

  /**
   * {@code bond_alb_handle_active_change}: the new active slave takes the bond's MAC from whichever
   * slave held it, that slave takes the new one's, and both announce their new addresses.
   */
  void activeChanged(SlaveDevice previous, SlaveDevice next) {
    if (previous != null) {
      previous.setRole(false, true);
    }
    if (next == null) {
      return;
    }
    next.setRole(false, false);
    SlaveDevice holder = previous;
    if (holder == null) {
      for (SlaveDevice slave : slaves) {
        if (slave != next && slave.mac().equals(bondMac)) {
          holder = slave;
        }
      }
    }
    if (holder != null && holder != next) {
      // Only one slave holds the bond's MAC, so the new active one gives the holder its own.
      MacAddress swapped = next.mac();
      next.setMac(bondMac);
      holder.setMac(swapped);
      sendLearningPacket(next.index(), next.mac());
      sendLearningPacket(holder.index(), holder.mac());
    } else {
      next.setMac(bondMac);
      sendLearningPacket(next.index(), next.mac());
    }
  }
}
