package org.bondsim.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.LinkSpec;
import org.bondsim.core.wire.SlaveStats;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Hash and select of balance-xor on a 4-slave bond, through the provider as a bond uses it, for
 * IPv4 TCP frames of 64 different flows (so the branch predictor cannot learn one answer).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class XmitHashSelectBenchmark {
  @Param({"layer3+4", "layer2", "layer2+3"})
  String policy;

  private BondDevice bond;
  private TxPolicy selection;
  private Packet[] packets;
  private int next;

  @Setup
  public void setUp() {
    EventLoop loop = new EventLoop();
    bond =
        new BondDevice(
            "bond0",
            "balance-xor",
            Set.of(),
            Set.of(),
            Options.resolve(List.of(), Map.of(), Map.of()),
            loop::now);
    for (int i = 0; i < 4; i++) {
      SlaveStats stats = new SlaveStats();
      EthernetLink link =
          new EthernetLink(loop, LinkSpec.ethernet(1000, 0, 1500), 1000, stats, new SlaveStats());
      SlaveDevice slave = new SlaveDevice("eth" + i, i, link, stats);
      slave.attachTxPort(link.forward());
      bond.enslave(slave);
    }
    var provider = PolicyRegistry.load().find("balance-xor").orElseThrow().provider();
    Options options =
        Options.resolve(provider.options(), Map.of(), Map.of("xmit_hash_policy", policy));
    selection = provider.create(null, options);
    bond.attachPolicy(selection);
    packets = new Packet[64];
    EthernetHeader eth =
        new EthernetHeader(
            MacAddress.parse("02:00:00:00:00:01"),
            MacAddress.parse("02:00:00:00:00:02"),
            EthernetHeader.NO_VLAN,
            EtherType.IPV4);
    for (int i = 0; i < packets.length; i++) {
      Frame frame =
          new Frame(
              eth,
              Ipv4Header.of(
                  Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.1." + i), IpProtocol.TCP),
              new TcpHeader(40000 + i, 5201));
      packets[i] = new Packet(frame, 1448, null, i, 0, 0, null, 0);
    }
  }

  @Benchmark
  public int hashAndSelect() {
    Packet packet = packets[next++ & 63];
    return selection.select(packet, bond);
  }
}
