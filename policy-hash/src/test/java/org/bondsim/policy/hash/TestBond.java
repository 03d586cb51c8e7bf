package org.bondsim.policy.hash;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.LinkSpec;
import org.bondsim.core.wire.SlaveStats;

/** A real bond device of n gigabit slaves whose carriers a test switches. */
final class TestBond {
  final BondDevice bond;
  private final TxPolicy policy;

  TestBond(int slaves, XmitHashPolicy hashPolicy, HashFormula formula, boolean xor) {
    EventLoop loop = new EventLoop();
    bond =
        new BondDevice(
            "bond0",
            xor ? "balance-xor" : "802.3ad",
            Set.of(),
            Set.of(),
            Options.resolve(List.of(), Map.of(), Map.of()),
            loop::now);
    for (int i = 0; i < slaves; i++) {
      SlaveStats stats = new SlaveStats();
      EthernetLink link =
          new EthernetLink(loop, LinkSpec.ethernet(1000, 0, 1500), 1000, stats, new SlaveStats());
      SlaveDevice slave = new SlaveDevice("eth" + i, i, link, stats);
      slave.attachTxPort(link.forward());
      bond.enslave(slave);
    }
    policy =
        new HashedSlaveSelection(
            new XmitHash(hashPolicy, formula), xor && formula.modulusOverAllSlaves());
    bond.attachPolicy(policy);
  }

  int select(Frame frame) {
    return select(new Packet(frame, 100, null, 0, 0, 0, null, 0));
  }

  int select(Packet packet) {
    return policy.select(packet, bond);
  }

  void carrier(int slave, boolean up) {
    bond.slaveDevices().get(slave).link().setCarrier(up);
  }
}
