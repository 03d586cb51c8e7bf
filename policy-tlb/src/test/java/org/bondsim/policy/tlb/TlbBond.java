package org.bondsim.policy.tlb;

import java.util.List;
import java.util.Map;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.scenario.SimPolicyContext;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.LinkSpec;
import org.bondsim.core.wire.SlaveStats;

/** A real bond device with balance-tlb; a test offers frames and moves the clock itself. */
final class TlbBond {
  final EventLoop loop = new EventLoop();
  final BondDevice bond;
  final TlbSelection policy;

  TlbBond(long[] speedsMbps, boolean dynamic) {
    this(new BalanceTlbProvider(), speedsMbps, dynamic);
  }

  TlbBond(BalanceTlbProvider provider, long[] speedsMbps, boolean dynamic) {
    this(
        provider,
        speedsMbps,
        Map.of("tlb_dynamic_lb", dynamic ? "1" : "0", "xmit_hash_policy", "layer3+4"));
  }

  TlbBond(BalanceTlbProvider provider, long[] speedsMbps, Map<String, String> settings) {
    bond =
        new BondDevice(
            "bond0",
            provider.mode(),
            provider.characteristics(),
            provider.needs(),
            Options.resolve(List.of(), Map.of(), Map.of()),
            loop::now);
    for (int i = 0; i < speedsMbps.length; i++) {
      SlaveStats stats = new SlaveStats();
      EthernetLink link =
          new EthernetLink(
              loop, LinkSpec.ethernet(speedsMbps[i], 0, 1500), 1000, stats, new SlaveStats());
      SlaveDevice slave = new SlaveDevice("eth" + i, i, link, stats);
      slave.attachTxPort(link.forward());
      bond.enslave(slave);
    }
    Options options = Options.resolve(provider.options(), Map.of(), settings);
    policy = (TlbSelection) provider.create(context(), options);
    bond.attachPolicy(policy);
    // The monitor's first run (at bond_open) happens before any traffic.
    loop.runUntil(0);
  }

  private PolicyContext context() {
    return new SimPolicyContext(bond, loop, new SeededRandom(1), () -> {});
  }

  /** A TCP frame of flow {@code flow} (source port 40000 + flow) with 1448 bytes of payload. */
  static Packet packet(int flow) {
    return packet(flow, "10.0.0.2");
  }

  /** The same, to another destination address. */
  static Packet packet(int flow, String destination) {
    Frame frame =
        new Frame(
            new EthernetHeader(
                MacAddress.parse("00:11:22:33:44:55"),
                MacAddress.parse("66:77:88:99:aa:bb"),
                EthernetHeader.NO_VLAN,
                EtherType.IPV4),
            Ipv4Header.of(
                Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse(destination), IpProtocol.TCP),
            new TcpHeader(40000 + flow, 5201));
    return new Packet(frame, 1448, null, flow, 0, 0, null, 0);
  }

  int select(int flow) {
    return policy.select(packet(flow), bond);
  }

  void runUntil(long ns) {
    loop.runUntil(ns);
  }

  void carrier(int slave, boolean up) {
    bond.slaveDevices().get(slave).link().setCarrier(up);
  }
}
