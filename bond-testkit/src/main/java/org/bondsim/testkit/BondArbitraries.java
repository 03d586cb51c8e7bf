package org.bondsim.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.FlowKey;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IcmpHeader;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Address;
import org.bondsim.api.packet.Ipv6Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;

/**
 * jqwik arbitraries for the values a bond sees, each composable and each shrinking towards the
 * simplest case (a TCP/IPv4 frame between low addresses, one 1G slave that is up, no link changes),
 * so a counterexample reads like a hand-made one.
 */
public final class BondArbitraries {
  /** Payload of a full-size TCP segment at MTU 1500. */
  public static final int MSS_1500 = 1448;

  private BondArbitraries() {}

  /**
   * Returns MAC addresses of every kind: unicast, multicast, broadcast.
   *
   * @return the arbitrary
   */
  public static Arbitrary<MacAddress> macAddresses() {
    return Arbitraries.longs().between(0, 0xFFFF_FFFF_FFFFL).map(MacAddress::new);
  }

  /**
   * Returns unicast MAC addresses (the group bit clear).
   *
   * @return the arbitrary
   */
  public static Arbitrary<MacAddress> unicastMacs() {
    return macAddresses().map(mac -> new MacAddress(mac.bits() & ~MacAddress.GROUP_BIT));
  }

  /**
   * Returns IPv4 addresses, shrinking towards 0.0.0.0.
   *
   * @return the arbitrary
   */
  public static Arbitrary<Ipv4Address> ipv4Addresses() {
    return Arbitraries.integers().map(Ipv4Address::new);
  }

  /**
   * Returns IPv6 addresses.
   *
   * @return the arbitrary
   */
  public static Arbitrary<Ipv6Address> ipv6Addresses() {
    return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(Ipv6Address::new);
  }

  /**
   * Returns TCP and UDP port numbers, 1..65535.
   *
   * @return the arbitrary
   */
  public static Arbitrary<Integer> ports() {
    return Arbitraries.integers().between(1, 65535);
  }

  private static Arbitrary<EthernetHeader> ethernet(int etherType) {
    return Combinators.combine(unicastMacs(), unicastMacs())
        .as(
            (source, destination) ->
                new EthernetHeader(source, destination, EthernetHeader.NO_VLAN, etherType));
  }

  /**
   * Returns frames of every kind the API carries: TCP and UDP over IPv4 and IPv6, ICMP echo and
   * ICMP errors quoting a UDP packet, IPv4 first and later fragments, IPv6 fragments, IGMP,
   * neighbour discovery, ARP, 802.1Q-tagged TCP (in-line and accelerated tags) and a non-IP frame.
   *
   * @return the arbitrary, shrinking towards TCP over IPv4
   */
  public static Arbitrary<Frame> frames() {
    Arbitrary<Frame> tcp4 = tcp4Frames();
    return Arbitraries.frequencyOf(
        Tuple.of(12, tcp4),
        Tuple.of(6, udp4Frames()),
        Tuple.of(4, tcp6Frames()),
        Tuple.of(3, udp6Frames()),
        Tuple.of(2, echoFrames()),
        Tuple.of(1, icmpErrorFrames()),
        Tuple.of(2, fragment4Frames()),
        Tuple.of(1, fragment6Frames()),
        Tuple.of(1, igmpFrames()),
        Tuple.of(1, neighbourSolicitationFrames()),
        Tuple.of(1, arpFrames()),
        Tuple.of(2, vlanTcpFrames(tcp4)),
        Tuple.of(1, nonIpFrames()));
  }

  private static Arbitrary<Frame> tcp4Frames() {
    return Combinators.combine(
            ethernet(EtherType.IPV4), ipv4Addresses(), ipv4Addresses(), ports(), ports())
        .as(
            (eth, s, d, sp, dp) ->
                new Frame(eth, Ipv4Header.of(s, d, IpProtocol.TCP), new TcpHeader(sp, dp)));
  }

  private static Arbitrary<Frame> udp4Frames() {
    return Combinators.combine(
            ethernet(EtherType.IPV4), ipv4Addresses(), ipv4Addresses(), ports(), ports())
        .as(
            (eth, s, d, sp, dp) ->
                new Frame(eth, Ipv4Header.of(s, d, IpProtocol.UDP), new UdpHeader(sp, dp)));
  }

  private static Arbitrary<Frame> tcp6Frames() {
    return Combinators.combine(
            ethernet(EtherType.IPV6), ipv6Addresses(), ipv6Addresses(), ports(), ports())
        .as(
            (eth, s, d, sp, dp) ->
                new Frame(eth, Ipv6Header.of(s, d, IpProtocol.TCP), new TcpHeader(sp, dp)));
  }

  private static Arbitrary<Frame> udp6Frames() {
    return Combinators.combine(
            ethernet(EtherType.IPV6), ipv6Addresses(), ipv6Addresses(), ports(), ports())
        .as(
            (eth, s, d, sp, dp) ->
                new Frame(eth, Ipv6Header.of(s, d, IpProtocol.UDP), new UdpHeader(sp, dp)));
  }

  private static Arbitrary<Frame> echoFrames() {
    return Combinators.combine(
            ethernet(EtherType.IPV4),
            ipv4Addresses(),
            ipv4Addresses(),
            Arbitraries.integers().between(0, 65535))
        .as(
            (eth, s, d, id) ->
                new Frame(eth, Ipv4Header.of(s, d, IpProtocol.ICMP), new IcmpHeader(8, 0, id)));
  }

  private static Arbitrary<Frame> icmpErrorFrames() {
    return Combinators.combine(
            ethernet(EtherType.IPV4), ipv4Addresses(), ipv4Addresses(), ports(), ports())
        .as(
            (eth, s, d, sp, dp) ->
                new Frame(
                    eth,
                    Ipv4Header.of(s, d, IpProtocol.ICMP),
                    new IcmpHeader(
                        3, 3, 0, Ipv4Header.of(d, s, IpProtocol.UDP), new UdpHeader(dp, sp))));
  }

  private static Arbitrary<Frame> fragment4Frames() {
    return Combinators.combine(
            ethernet(EtherType.IPV4),
            ipv4Addresses(),
            ipv4Addresses(),
            ports(),
            Arbitraries.integers().between(0, 8191))
        .as(
            (eth, s, d, id, offset) ->
                offset == 0
                    ? new Frame(
                        eth,
                        new Ipv4Header(s, d, IpProtocol.UDP, id, true, 0),
                        new UdpHeader(id, 80))
                    : new Frame(
                        eth, new Ipv4Header(s, d, IpProtocol.UDP, id, false, offset), null));
  }

  private static Arbitrary<Frame> fragment6Frames() {
    return Combinators.combine(ethernet(EtherType.IPV6), ipv6Addresses(), ipv6Addresses())
        .as((eth, s, d) -> new Frame(eth, new Ipv6Header(s, d, IpProtocol.UDP, 0, true), null));
  }

  private static Arbitrary<Frame> igmpFrames() {
    return Combinators.combine(ethernet(EtherType.IPV4), ipv4Addresses())
        .as(
            (eth, s) ->
                new Frame(
                    eth, Ipv4Header.of(s, Ipv4Address.parse("224.0.0.22"), IpProtocol.IGMP), null));
  }

  private static Arbitrary<Frame> neighbourSolicitationFrames() {
    return Combinators.combine(ethernet(EtherType.IPV6), ipv6Addresses(), ipv6Addresses())
        .as(
            (eth, s, d) ->
                new Frame(eth, Ipv6Header.of(s, d, IpProtocol.ICMPV6), new IcmpHeader(135, 0, 0)));
  }

  private static Arbitrary<Frame> arpFrames() {
    return unicastMacs()
        .map(
            source ->
                new Frame(
                    new EthernetHeader(
                        source, MacAddress.BROADCAST, EthernetHeader.NO_VLAN, EtherType.ARP),
                    null,
                    null));
  }

  private static Arbitrary<Frame> vlanTcpFrames(Arbitrary<Frame> tcp4) {
    return Combinators.combine(
            tcp4, Arbitraries.integers().between(1, 4094), Arbitraries.of(false, true))
        .as(
            (frame, vid, inline) ->
                new Frame(
                    new EthernetHeader(
                        frame.ethernet().source(),
                        frame.ethernet().destination(),
                        vid,
                        EtherType.IPV4,
                        inline),
                    frame.ip(),
                    frame.transport()));
  }

  private static Arbitrary<Frame> nonIpFrames() {
    return ethernet(EtherType.LOOPBACK).map(eth -> new Frame(eth, null, null));
  }

  /**
   * Returns the 5-tuples of IP frames.
   *
   * @return the arbitrary
   */
  public static Arbitrary<FlowKey> flowKeys() {
    return frames().filter(frame -> frame.ip() != null).map(FlowKey::of);
  }

  /**
   * Returns flows: a frame of any kind and a payload from empty to one full MSS at MTU 1500.
   *
   * @return the arbitrary
   */
  public static Arbitrary<Flow> flows() {
    return Combinators.combine(frames(), Arbitraries.integers().between(0, MSS_1500)).as(Flow::new);
  }

  /**
   * Returns single packets, as flow 0's first.
   *
   * @return the arbitrary
   */
  public static Arbitrary<Packet> packets() {
    return flows()
        .map(flow -> new Packet(flow.frame(), flow.payloadBytes(), null, 0, 0, 0, null, 0));
  }

  /**
   * Returns one slave: 1G, 100M or 10G (shrinking to 1G), a delay of 0 to 100 µs, mostly up.
   *
   * @return the arbitrary
   */
  public static Arbitrary<SlaveSpec> slaves() {
    return Combinators.combine(
            Arbitraries.of(1000L, 100L, 10_000L),
            Arbitraries.longs().between(0, 100).map(us -> us * 1000),
            Arbitraries.frequency(Tuple.of(9, true), Tuple.of(1, false)))
        .as(SlaveSpec::new);
  }

  /**
   * Returns one slave that is up when the run starts (a run takes it down with a {@link
   * LinkChange}), so a counterexample has one way to say a slave is down.
   *
   * @return the arbitrary
   */
  public static Arbitrary<SlaveSpec> slavesUp() {
    return slaves().map(slave -> new SlaveSpec(slave.speedMbps(), slave.delayNs(), true));
  }

  /**
   * Returns slave sets of 1 to {@code max} slaves.
   *
   * @param max the most slaves
   * @return the arbitrary
   */
  public static Arbitrary<List<SlaveSpec>> slaveSets(int max) {
    return slaves().list().ofMinSize(1).ofMaxSize(max);
  }

  /**
   * Returns slave sets of {@code count} equal slaves that are all up: the ground on which balance
   * claims are made.
   *
   * @param count slaves
   * @param speedMbps their speed
   * @return the arbitrary (one value)
   */
  public static Arbitrary<List<SlaveSpec>> equalSlaves(int count, long speedMbps) {
    List<SlaveSpec> slaves = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      slaves.add(new SlaveSpec(speedMbps, 10_000, true));
    }
    return Arbitraries.just(List.copyOf(slaves));
  }

  /**
   * Returns timed link changes (down, up, delay change) for {@code slaves} slaves within the first
   * {@code packets} packets of a run.
   *
   * @param slaves how many slaves
   * @param packets how many packets the run offers
   * @return the arbitrary, shrinking to no changes
   */
  public static Arbitrary<List<LinkChange>> linkChanges(int slaves, int packets) {
    Arbitrary<LinkChange> change =
        Combinators.combine(
                Arbitraries.integers().between(0, Math.max(0, packets - 1)),
                Arbitraries.integers().between(0, slaves - 1),
                Arbitraries.of(LinkChange.Kind.class),
                Arbitraries.longs().between(0, 200).map(us -> us * 1000))
            .as(LinkChange::new);
    return change
        .list()
        .ofMaxSize(6)
        .map(
            list ->
                list.stream().sorted(Comparator.comparingInt(LinkChange::beforePacket)).toList());
  }

  /**
   * Returns the order in which {@code flows} flows offer packets, from one of four mixes: many mice
   * and a few elephants, request/response turns, bursts, or uniform interleaving.
   *
   * @param flows how many flows
   * @return for each packet, its flow's index
   */
  public static Arbitrary<List<Integer>> trafficMixes(int flows) {
    return Arbitraries.oneOf(
        interleaved(flows), elephantsAndMice(flows), requestResponse(flows), bursts(flows));
  }

  /**
   * Returns packets of every flow in any order.
   *
   * @param flows how many flows
   * @return the order
   */
  public static Arbitrary<List<Integer>> interleaved(int flows) {
    return Arbitraries.integers().between(0, flows - 1).list().ofMinSize(1).ofMaxSize(200);
  }

  /**
   * Returns a mix where the first one or two flows (elephants) send most packets and the others
   * (mice) a few each.
   *
   * @param flows how many flows
   * @return the order
   */
  public static Arbitrary<List<Integer>> elephantsAndMice(int flows) {
    int elephants = Math.min(2, flows);
    Arbitrary<Integer> elephant = Arbitraries.integers().between(0, elephants - 1);
    Arbitrary<Integer> mouse =
        flows > elephants ? Arbitraries.integers().between(elephants, flows - 1) : elephant;
    return Arbitraries.frequencyOf(Tuple.of(9, elephant), Tuple.of(1, mouse))
        .list()
        .ofMinSize(1)
        .ofMaxSize(300);
  }

  /**
   * Returns request/response turns: each flow in turn sends one packet, for several rounds.
   *
   * @param flows how many flows
   * @return the order
   */
  public static Arbitrary<List<Integer>> requestResponse(int flows) {
    return Arbitraries.integers()
        .between(1, 40)
        .map(
            rounds -> {
              List<Integer> order = new ArrayList<>();
              for (int r = 0; r < rounds; r++) {
                for (int f = 0; f < flows; f++) {
                  order.add(f);
                }
              }
              return order;
            });
  }

  /**
   * Returns bursts: runs of back-to-back packets of one flow.
   *
   * @param flows how many flows
   * @return the order
   */
  public static Arbitrary<List<Integer>> bursts(int flows) {
    return Combinators.combine(
            Arbitraries.integers().between(0, flows - 1), Arbitraries.integers().between(1, 32))
        .as((flow, length) -> Collections.nCopies(length, flow))
        .list()
        .ofMinSize(1)
        .ofMaxSize(12)
        .map(runs -> runs.stream().flatMap(List::stream).toList());
  }

  /**
   * Returns whole transmit runs: 1 to {@code maxSlaves} slaves (up at the start), 1 to 8 flows of
   * any kind, a traffic mix, 1 to 100 µs between packets and, if {@code withChanges}, link changes
   * along the way. The parts are drawn independently (flow and slave numbers are then folded into
   * range), so each shrinks on its own towards one slave, one flow, one packet and no changes.
   *
   * @param maxSlaves the most slaves
   * @param withChanges whether links may change during the run
   * @return the arbitrary
   */
  public static Arbitrary<TxRun> txRuns(int maxSlaves, boolean withChanges) {
    int maxFlows = 8;
    Arbitrary<List<LinkChange>> changes =
        withChanges ? linkChanges(maxSlaves, 300) : Arbitraries.just(List.of());
    return Combinators.combine(
            slavesUp().list().ofMinSize(1).ofMaxSize(maxSlaves),
            flows().list().ofMinSize(1).ofMaxSize(maxFlows),
            trafficMixes(maxFlows),
            Arbitraries.longs().between(1, 100).map(us -> us * 1000),
            changes)
        .as(
            (slaves, flows, order, gap, drawn) ->
                new TxRun(
                    slaves,
                    flows,
                    order.stream().map(flow -> flow % flows.size()).toList(),
                    gap,
                    drawn.stream()
                        .map(
                            change ->
                                new LinkChange(
                                    change.beforePacket() % order.size(),
                                    change.slave() % slaves.size(),
                                    change.kind(),
                                    change.delayNs()))
                        .sorted(Comparator.comparingInt(LinkChange::beforePacket))
                        .toList()));
  }
}
