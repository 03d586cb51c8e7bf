package org.bondsim.policy.tlb;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Percentage;
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
import org.bondsim.api.policy.ReceiveBalancer;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.scenario.Network;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SimPolicyContext;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.LearningSwitch;
import org.bondsim.core.wire.LinkSpec;
import org.bondsim.core.wire.SlaveStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where a tlb or alb server receives: a server bond of four 1G slaves and eight one-NIC clients on
 * one learning switch. Each client resolves the server's address once and sends it frames.
 */
class ReceiveSideTest {
  private static final Ipv4Address SERVER_IP = Ipv4Address.parse("10.0.0.100");
  private static final MacAddress SERVER_MAC = MacAddress.parse("02:00:00:00:01:00");
  private static final int SLAVES = 4;
  private static final int CLIENTS = 8;

  private final EventLoop loop = new EventLoop();
  private final LearningSwitch fabric =
      new LearningSwitch(loop::now, LearningSwitch.DEFAULT_AGING_NS);
  private final List<EthernetLink> clientCables = new ArrayList<>();
  private BondDevice server;
  private TxPolicy policy;

  private void build(BalanceTlbProvider provider) {
    server =
        new BondDevice(
            "bond0",
            provider.mode(),
            provider.characteristics(),
            provider.needs(),
            Options.defaults(List.of()),
            loop::now,
            SERVER_MAC);
    for (int i = 0; i < SLAVES; i++) {
      SlaveStats stats = new SlaveStats();
      EthernetLink cable =
          new EthernetLink(
              loop, LinkSpec.ethernet(1000, 1_000, 1500), 1000, 1000, stats, new SlaveStats());
      SlaveDevice slave =
          new SlaveDevice("eth" + i, i, cable, stats, new MacAddress(0x0200_0000_0200L + i));
      slave.attachTxPort(cable.forward());
      server.enslave(slave);
      int port = fabric.addPort("server/eth" + i, cable, cable.backward());
      cable.forward().connect(fabric, port);
      cable
          .backward()
          .connect(
              (slaveIndex, packet) -> {
                SlaveDevice nic = server.slaveDevices().get(slaveIndex);
                if (nic.accepts(packet.linkDestination())) {
                  server.receive(slaveIndex, packet);
                }
              },
              i);
    }
    for (int c = 0; c < CLIENTS; c++) {
      EthernetLink cable =
          new EthernetLink(
              loop,
              LinkSpec.ethernet(1000, 1_000, 1500),
              1000,
              1000,
              new SlaveStats(),
              new SlaveStats());
      int port = fabric.addPort("client" + c, cable, cable.backward());
      cable.forward().connect(fabric, port);
      clientCables.add(cable);
    }
    Options options =
        Options.resolve(provider.options(), Map.of(), Map.of("xmit_hash_policy", "layer3+4"));
    policy = provider.create(context(), options);
    server.attachPolicy(policy);
    if (policy instanceof ReceiveBalancer balancer) {
      server.attachReceiveBalancer(balancer);
    }
    loop.runUntil(1_000_000); // the learning packets of the first active slave reach the switch
  }

  private PolicyContext context() {
    return new SimPolicyContext(server, loop, new SeededRandom(1), () -> {});
  }

  private static Ipv4Address clientIp(int client) {
    return Ipv4Address.parse("10.0.0." + (1 + client));
  }

  /** Every client resolves the server (its ARP reply) and sends it ten frames. */
  private void clientsSend() {
    for (int c = 0; c < CLIENTS; c++) {
      long destination = server.macFor(clientIp(c), SERVER_IP);
      MacAddress source = new MacAddress(0x0200_0000_0300L + c);
      for (int k = 0; k < 10; k++) {
        Frame frame =
            new Frame(
                new EthernetHeader(source, SERVER_MAC, EthernetHeader.NO_VLAN, EtherType.IPV4),
                Ipv4Header.of(clientIp(c), SERVER_IP, IpProtocol.TCP),
                new TcpHeader(40000 + c, 5201));
        Packet packet = new Packet(frame, 1000, null, c, k, loop.now(), null, 0);
        packet.setLinkDestination(destination);
        clientCables.get(c).forward().enqueue(packet, false);
      }
    }
    loop.runUntil(loop.now() + 10_000_000);
  }

  private long[] received() {
    long[] rx = new long[SLAVES];
    for (int i = 0; i < SLAVES; i++) {
      rx[i] = server.slaveDevices().get(i).stats().rxPackets();
    }
    return rx;
  }

  @Test
  void tlbReceivesEveryClientOnTheActiveSlaveOnly() {
    build(new BalanceTlbProvider());
    clientsSend();
    // Every client learned the bond's MAC, which the switch knows on the active slave's port.
    assertThat(server.activeSlave()).isZero();
    assertThat(received()).containsExactly(80, 0, 0, 0);
  }

  @Test
  void albGivesEachClientASlaveInTurnAndItsTrafficArrivesThere() {
    build(new BalanceAlbProvider());
    clientsSend();
    // __rlb_next_rx_slave hands out eth0, eth1, eth2, eth3, eth0, … (no slave handed out yet: the
    // first fastest).
    assertThat(received()).containsExactly(20, 20, 20, 20);
    AlbSelection alb = (AlbSelection) policy;
    for (int c = 0; c < CLIENTS; c++) {
      assertThat(alb.clientSlave(clientIp(c))).isEqualTo(c % SLAVES);
    }
  }

  @Test
  void albMovesTheClientsOfAFailedSlaveAndTellsThem() {
    build(new BalanceAlbProvider());
    clientsSend();
    AlbSelection alb = (AlbSelection) policy;
    server.slaveDevices().get(2).link().setCarrier(false);
    // Carrier loss rebuilds nothing until the monitor commits DOWN; here the policy hears of it
    // through the bond's carrier listener at once.
    for (int c = 0; c < CLIENTS; c++) {
      assertThat(alb.clientSlave(clientIp(c))).isNotEqualTo(2);
    }
    clientsSend();
    long[] rx = received();
    assertThat(rx[2]).isEqualTo(20); // only the first round arrived there
    assertThat(rx[0] + rx[1] + rx[3]).isEqualTo(140);
  }

  /** Through the CLI's scenario: the remote tlb bond receives all data on one slave. */
  @Test
  void aTlbScenarioReceivesOnOneSlaveAndSendsOnAll() {
    RunReport report =
        new ScenarioRunner(PolicyRegistry.load())
            .run(
                Scenario.builder()
                    .bond("mode balance-tlb xmit_hash_policy layer3+4")
                    .slaves(Collections.nCopies(4, new SlaveLinkSpec(1000, 10_000)))
                    .duration(Duration.ofNanos(2_000_000_000L))
                    .seed(1)
                    .workload(new WorkloadSpec("UDP_STREAM", List.of("-m", "1472"), 16, Map.of()))
                    .build());
    assertThat(report.topology()).isEqualTo("switch");
    assertThat(report.frames().balances()).isTrue();
    assertThat(report.slaves().get(0).rxPackets()).isPositive();
    for (int i = 1; i < 4; i++) {
      // The only frame there is the local host's ARP request, which the switch floods to every
      // other port, so the inactive slaves of both hosts drop it (the row adds both hosts' eth_i).
      assertThat(report.slaves().get(i).rxPackets()).as("remote eth%d rx", i).isEqualTo(1);
      assertThat(report.slaves().get(i).drops()).containsEntry("inactive_slave", 2L);
      assertThat(report.slaves().get(i).txPackets()).as("local eth%d tx", i).isPositive();
    }
    // One receiving 1G port carries at most 1000 Mbit/s of 1538-byte frames on the wire.
    assertThat(report.result().throughputMbps()).isLessThanOrEqualTo(1000.0 * 1472 / 1538 + 1);
  }

  /** Through the scenario runner with eight client hosts: alb spreads them, tlb does not. */
  @ParameterizedTest
  @ValueSource(strings = {"balance-tlb", "balance-alb"})
  void eightClientsArriveOnOneSlaveUnderTlbAndOnAllUnderAlb(String mode) {
    RunReport report =
        new ScenarioRunner(PolicyRegistry.load())
            .run(
                Scenario.builder()
                    .bond("mode " + mode)
                    .slaves(Collections.nCopies(4, new SlaveLinkSpec(1000, 10_000)))
                    .duration(Duration.ofNanos(500_000_000L))
                    .seed(1)
                    .workload(new WorkloadSpec("UDP_STREAM", List.of("-m", "1472"), 8, Map.of()))
                    .network(new Network(Network.Topology.AUTO, 1000, 8))
                    .build());
    assertThat(report.frames().balances()).isTrue();
    long[] rx = new long[4];
    for (int i = 0; i < 4; i++) {
      rx[i] = report.slaves().get(i).rxPackets();
    }
    if (mode.equals("balance-tlb")) {
      assertThat(rx[0]).isPositive();
      // Each of the eight clients' ARP requests is flooded to every server port: nothing else.
      assertThat(rx[1] + rx[2] + rx[3]).isEqualTo(3 * 8);
      assertThat(report.result().throughputMbps()).isLessThan(1000);
    } else {
      // rlb hands the eight clients out in turn: two per slave.
      for (int i = 1; i < 4; i++) {
        assertThat((double) rx[i]).isCloseTo(rx[0], Percentage.withPercentage(2));
      }
      assertThat(report.result().throughputMbps()).isGreaterThan(3500);
    }
  }
}
