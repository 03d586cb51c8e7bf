package org.bondsim.policy.tlb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;
import org.junit.jupiter.api.Test;

class AlbSelectionTest {
  private static final long SECOND = 1_000_000_000L;

  private static TlbBond alb(boolean dynamic) {
    return new TlbBond(new BalanceAlbProvider(), new long[] {1000, 1000, 1000, 1000}, dynamic);
  }

  @Test
  void allFlowsToOnePeerShareASlave() {
    // The entry is the XOR of the destination address's bytes, whatever the ports.
    TlbBond alb = alb(true);
    for (int second = 0; second < 12; second++) {
      Set<Integer> slaves = new HashSet<>();
      for (int flow = 0; flow < 50; flow++) {
        slaves.add(alb.policy.select(TlbBond.packet(flow), alb.bond));
      }
      assertThat(slaves).as("second %d", second).hasSize(1);
      alb.runUntil((second + 1) * SECOND);
    }
  }

  @Test
  void peersSpreadOnceTheTableHasHistory() {
    TlbBond alb = alb(true);
    Set<Integer> slaves = new HashSet<>();
    for (int second = 0; second < 11; second++) {
      slaves.clear();
      for (int peer = 1; peer <= 16; peer++) {
        for (int i = 0; i < 100; i++) {
          slaves.add(alb.policy.select(TlbBond.packet(0, "10.0.1." + peer), alb.bond));
        }
      }
      alb.runUntil((second + 1) * SECOND);
    }
    assertThat(slaves).containsExactlyInAnyOrder(0, 1, 2, 3);
  }

  @Test
  void withoutDynamicBalancingFlowsToOnePeerFollowTheXmitHash() {
    TlbBond alb = alb(false);
    Set<Integer> slaves = new HashSet<>();
    for (int flow = 0; flow < 64; flow++) {
      slaves.add(alb.policy.select(TlbBond.packet(flow), alb.bond));
    }
    assertThat(slaves).hasSizeGreaterThan(1);
  }

  @Test
  void limitedBroadcastLeavesOnTheActiveSlave() {
    TlbBond alb = alb(true);
    Frame broadcast =
        new Frame(
            new EthernetHeader(
                MacAddress.parse("00:11:22:33:44:55"),
                MacAddress.parse("01:00:5e:00:00:01"),
                EthernetHeader.NO_VLAN,
                EtherType.IPV4),
            Ipv4Header.of(
                Ipv4Address.parse("10.0.0.1"),
                Ipv4Address.parse("255.255.255.255"),
                IpProtocol.UDP),
            new UdpHeader(68, 67));
    assertThat(alb.policy.select(new Packet(broadcast, 300, null, 7, 0, 0, null, 0), alb.bond))
        .isEqualTo(alb.bond.activeSlave());
  }
}
