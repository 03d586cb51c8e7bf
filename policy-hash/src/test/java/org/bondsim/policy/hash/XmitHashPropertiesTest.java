package org.bondsim.policy.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;

class XmitHashPropertiesTest {
  @Provide
  Arbitrary<Frame> flows() {
    Arbitrary<Ipv4Address> ips = Arbitraries.integers().map(Ipv4Address::new);
    Arbitrary<Integer> ports = Arbitraries.integers().between(0, 65535);
    Arbitrary<MacAddress> macs =
        Arbitraries.longs().between(0, 0xFFFF_FFFF_FFFFL).map(b -> new MacAddress(b & ~(1L << 40)));
    return Combinators.combine(macs, macs, ips, ips, ports, ports, Arbitraries.of(true, false))
        .as(
            (sm, dm, s, d, sp, dp, tcp) ->
                new Frame(
                    new EthernetHeader(sm, dm, EthernetHeader.NO_VLAN, EtherType.IPV4),
                    Ipv4Header.of(s, d, tcp ? IpProtocol.TCP : IpProtocol.UDP),
                    tcp ? new TcpHeader(sp, dp) : new UdpHeader(sp, dp)));
  }

  @Provide
  Arbitrary<XmitHashPolicy> policies() {
    return Arbitraries.of(XmitHashPolicy.values());
  }

  @Property
  void everyPacketOfAFlowTakesTheSameSlaveWhileTheSlavesStayTheSame(
      @ForAll("flows") Frame flow,
      @ForAll("policies") XmitHashPolicy policy,
      @ForAll @IntRange(min = 1, max = 8) int slaves,
      @ForAll @IntRange(min = 1, max = 1448) int payload) {
    TestBond bond = new TestBond(slaves, policy, HashFormula.CURRENT, true);
    int first = bond.select(flow);
    for (long seq = 0; seq < 20; seq++) {
      Packet packet = new Packet(flow, payload + (int) seq, null, 0, seq, seq * 1000, null, 0);
      assertThat(bond.select(packet)).isEqualTo(first);
    }
  }

  @Property
  void losingASlaveRemapsFlowsExactlyAsHashModuloTheNewCountSays(
      @ForAll("flows") Frame flow,
      @ForAll("policies") XmitHashPolicy policy,
      @ForAll @IntRange(min = 2, max = 8) int slaves,
      @ForAll @IntRange(min = 0, max = 7) int failing) {
    int failed = failing % slaves;
    TestBond bond = new TestBond(slaves, policy, HashFormula.CURRENT, false);
    int hash = new XmitHash(policy, HashFormula.CURRENT).hash(flow);
    assertThat(bond.select(flow)).isEqualTo(Integer.remainderUnsigned(hash, slaves));
    bond.carrier(failed, false);
    List<Integer> usable = new ArrayList<>();
    for (int i = 0; i < slaves; i++) {
      if (i != failed) {
        usable.add(i);
      }
    }
    assertThat(bond.select(flow))
        .isEqualTo(usable.get(Integer.remainderUnsigned(hash, slaves - 1)));
  }

  @Property
  void beforeLinux319OnlyTheDeadSlavesFlowsMove(
      @ForAll("flows") Frame flow,
      @ForAll @IntRange(min = 2, max = 8) int slaves,
      @ForAll @IntRange(min = 0, max = 7) int failing) {
    int failed = failing % slaves;
    TestBond bond = new TestBond(slaves, XmitHashPolicy.LAYER34, HashFormula.LINUX_2_6, true);
    int before = bond.select(flow);
    bond.carrier(failed, false);
    int after = bond.select(flow);
    if (before != failed) {
      assertThat(after).isEqualTo(before);
    } else {
      assertThat(after).isEqualTo((failed + 1) % slaves);
    }
  }

  @Property
  void layer2IgnoresAddressesAndPorts(@ForAll("flows") Frame a, @ForAll("flows") Frame b) {
    Frame sameMacs = new Frame(a.ethernet(), b.ip(), b.transport());
    XmitHash layer2 = new XmitHash(XmitHashPolicy.LAYER2, HashFormula.CURRENT);
    assertThat(layer2.hash(sameMacs)).isEqualTo(layer2.hash(a));
  }

  @Property
  void layer34OfAFragmentIgnoresPorts(
      @ForAll("flows") Frame a,
      @ForAll @IntRange(min = 0, max = 65535) int sport,
      @ForAll @IntRange(min = 0, max = 65535) int dport,
      @ForAll @IntRange(min = 0, max = 8191) int offset) {
    Ipv4Header ip = (Ipv4Header) a.ip();
    Ipv4Header fragment = ip.fragment(1, offset == 0, offset);
    XmitHash layer34 = new XmitHash(XmitHashPolicy.LAYER34, HashFormula.CURRENT);
    Frame withPorts = new Frame(a.ethernet(), fragment, a.transport());
    Frame otherPorts =
        new Frame(
            a.ethernet(),
            fragment,
            a.transport() instanceof TcpHeader
                ? new TcpHeader(sport, dport)
                : new UdpHeader(sport, dport));
    Frame noPorts = new Frame(a.ethernet(), fragment, null);
    assertThat(layer34.hash(withPorts))
        .isEqualTo(layer34.hash(otherPorts))
        .isEqualTo(layer34.hash(noPorts));
  }
}
