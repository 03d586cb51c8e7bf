package org.bondsim.core.bond;

import java.util.List;
import java.util.function.LongSupplier;
import org.bondsim.api.DropReason;
import org.bondsim.api.packet.Lacpdu;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.capture.FrameTap;

/**
 * The bond's receive handler ({@code bond_handle_frame}): a frame a slave received goes first to
 * the slave's packet sockets, then to the mode's {@code recv_probe} (LACP takes LACPDUs, the ARP
 * monitor sees everything), then through the inactive-slave filter ({@code
 * bond_should_deliver_exact_match}) to the bond's packet sockets and the host's stack.
 */
final class BondReceiveHandler {
  private final List<SlaveDevice> slaves;
  private final AlbAddresses alb;
  private final LongSupplier clock;
  private HostStack stack = (packet, slave) -> {};
  private Bond3ad lacp;
  private ArpMonitor arpMonitor;
  private FrameTap bondTap;
  private FrameTap[] slaveTaps;
  private long framesToStack;
  private long lacpdusReceived;

  BondReceiveHandler(List<SlaveDevice> slaves, AlbAddresses alb, LongSupplier clock) {
    this.slaves = slaves;
    this.alb = alb;
    this.clock = clock;
  }

  void attachStack(HostStack stack) {
    this.stack = stack;
  }

  void attachLacp(Bond3ad lacp) {
    this.lacp = lacp;
  }

  void attachArpMonitor(ArpMonitor monitor) {
    this.arpMonitor = monitor;
  }

  void tap(FrameTap bondTap, FrameTap[] slaveTaps) {
    this.bondTap = bondTap;
    this.slaveTaps = slaveTaps;
  }

  long framesToStack() {
    return framesToStack;
  }

  long lacpdusReceived() {
    return lacpdusReceived;
  }

  /** Takes a packet of {@code frames} wire frames (a GRO aggregate) from a slave's receive path. */
  void receive(int slaveIndex, Packet packet, int frames) {
    // A packet socket sees the frame on the slave before the bond's rx_handler, which may drop it,
    // and on the bond after.
    if (slaveTaps != null) {
      slaveTaps[slaveIndex].frame(clock.getAsLong(), packet);
    }
    if (packet.control() instanceof Lacpdu pdu) {
      // bond_handle_frame runs the mode's recv_probe before the inactive-slave filter: an
      // 802.3ad bond's LACP takes the LACPDU whatever the slave's state. Any other mode's stack
      // has no handler for EtherType 0x8809 and discards it.
      lacpdusReceived++;
      if (lacp != null) {
        lacp.receive(slaveIndex, pdu);
      }
      return;
    }
    if (arpMonitor != null) {
      // bond_rcv_validate, the ARP monitor's recv_probe, also runs before the filter.
      arpMonitor.received(slaveIndex, packet);
    }
    if (!wouldDeliver(slaveIndex, packet)) {
      slaves.get(slaveIndex).stats().countDrop(DropReason.INACTIVE_SLAVE, frames);
      return;
    }
    if (bondTap != null) {
      bondTap.frame(clock.getAsLong(), packet);
    }
    framesToStack += frames;
    stack.deliver(packet, slaveIndex, frames);
  }

  /** {@link BondDevice#wouldDeliver}. */
  boolean wouldDeliver(int slaveIndex, Packet packet) {
    SlaveDevice slave = slaves.get(slaveIndex);
    return !slave.isInactive() || alb.balancesReceive() && !packet.linkDestinationIsGroup();
  }
}
