package org.bondsim.core.scenario;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bondsim.api.DropReason;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.nic.ReceivePath;
import org.bondsim.core.wire.LearningSwitch;
import org.bondsim.core.wire.Port;

/**
 * Builds a run's {@link RunReport.FrameAccount} from the counters where each fate happens: the
 * ports that take frames from the hosts and hand them to NICs, the switch, each NIC's drops, each
 * bond's hand-off to its stack and what each receive path still holds.
 */
final class FrameAccounting {
  /** The drop reasons a receiving NIC or bond counts (the rest happen on the way). */
  private static final List<DropReason> RECEIVER_REASONS =
      List.of(DropReason.ADDRESS_FILTER, DropReason.RX_RING_FULL, DropReason.INACTIVE_SLAVE);

  private FrameAccounting() {}

  static RunReport.FrameAccount account(
      List<Port> hostPorts,
      List<Port> intoHosts,
      LearningSwitch fabric,
      List<BondDevice> bonds,
      List<ReceivePath> paths) {
    long handed = 0;
    long arrived = 0;
    long duplicated = 0;
    long dropped = 0;
    long inFlight = 0;
    for (Port port : hostPorts) {
      handed += port.handed();
    }
    for (Port port : intoHosts) {
      arrived += port.delivered();
    }
    Set<Port> counted = Collections.newSetFromMap(new IdentityHashMap<>());
    for (List<Port> ports : List.of(hostPorts, intoHosts)) {
      for (Port port : ports) {
        if (counted.add(port)) {
          duplicated += port.duplicated();
          dropped += port.dropped();
          inFlight += port.inFlight();
        }
      }
    }
    long endedAtSwitch = 0;
    if (fabric != null) {
      // Flood copies and the switch's own LACPDUs are extra frames; frames it filtered
      // (destination on the ingress port) or discarded (a member not collecting) end there, and
      // so do the LACPDUs it takes.
      duplicated += fabric.floodCopies() + fabric.originated();
      dropped += fabric.filtered() + fabric.notCollecting();
      endedAtSwitch = fabric.slowProtocolFrames();
    }
    long toStack = 0;
    long noSlave = 0;
    Map<String, Long> atReceiver = new TreeMap<>();
    long toBonding = 0;
    for (BondDevice bond : bonds) {
      toStack += bond.framesToStack();
      toBonding += bond.lacpdusReceived();
      noSlave += bond.noSlaveDrops();
      for (SlaveDevice slave : bond.slaveDevices()) {
        for (DropReason reason : RECEIVER_REASONS) {
          long count = slave.stats().drops(reason);
          if (count > 0) {
            atReceiver.merge(reason.counterName(), count, Long::sum);
          }
        }
      }
    }
    long inReceiver = 0;
    for (ReceivePath path : paths) {
      inReceiver += path.framesHeld();
    }
    return new RunReport.FrameAccount(
        handed,
        duplicated,
        arrived,
        toStack,
        dropped,
        atReceiver,
        inFlight,
        inReceiver,
        noSlave,
        endedAtSwitch,
        toBonding);
  }
}
