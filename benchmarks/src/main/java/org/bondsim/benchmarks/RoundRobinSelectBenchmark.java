package org.bondsim.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.LinkSpec;
import org.bondsim.core.wire.SlaveStats;
import org.bondsim.policy.rr.RoundRobin;
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

/** Cost of one balance-rr slave choice on a real bond device, with one slave down. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RoundRobinSelectBenchmark {
  @Param({"1", "0", "4"})
  int packetsPerSlave;

  @Param({"3"})
  int slaves;

  private BondDevice bond;
  private TxPolicy policy;
  private Packet packet;

  @Setup
  public void setUp() {
    EventLoop loop = new EventLoop();
    bond =
        new BondDevice(
            "bond0",
            "balance-rr",
            java.util.Set.of(),
            java.util.Set.of(),
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
    // One slave without carrier, so the skip-to-next path is exercised too.
    bond.slaveDevices().get(slaves - 1).link().setCarrier(false);
    policy = new RoundRobin(packetsPerSlave, new SeededRandom(1));
    packet =
        new Packet(
            new Frame(
                new EthernetHeader(
                    MacAddress.parse("02:00:00:00:00:01"),
                    MacAddress.parse("02:00:00:00:00:02"),
                    EthernetHeader.NO_VLAN,
                    EtherType.IPV4),
                Ipv4Header.of(
                    Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2"), IpProtocol.UDP),
                new UdpHeader(49152, 12866)),
            1472,
            null,
            0,
            0,
            0,
            null,
            0);
  }

  @Benchmark
  public int select() {
    return policy.select(packet, bond);
  }
}
