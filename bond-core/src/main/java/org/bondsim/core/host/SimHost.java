package org.bondsim.core.host;

import java.util.Arrays;
import java.util.List;
import org.bondsim.api.packet.ArpMessage;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.PacketHandler;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.HostStack;
import org.bondsim.core.metrics.ReceiveMeters;
import org.bondsim.core.metrics.ReorderingStats;

/**
 * One simulated host: its bond, its addresses and the workload's receive handler. Frames are
 * measured for reordering (per sender flow, RFC 4737/5236) as they reach the host's NICs.
 */
public final class SimHost implements Host, HostStack, ReaderSockets.SendingContext {
  private final String name;
  private final BondDevice bond;
  private final MacAddress mac;
  private final Ipv4Address address;
  private PacketHandler handler = packet -> {};
  // Reordering on the wire and, for the receiving host, as the numbers reach TCP.
  private final ReceiveMeters meters;
  private TransmitStage[] transmitStages;
  // netperf -T: the CPU the host's application is bound to (-1: stream i on CPU i % cpus), the
  // socket lock between softirq and reader, and the CPU TCP runs on while it sends (-1: the rule).
  private int appCpu = -1;
  private ReaderSockets readers;
  private int sendingCpu = -1;
  // CPU time for TCP's scoreboard work, charged to the CPU processing the ACK; none by default.
  private java.util.function.IntConsumer scoreboardCharge;
  // The neighbour table: peer IPv4 address -> MAC, a few entries searched in order.
  private int[] neighbourIps = new int[4];
  private long[] neighbourMacs = new long[4];
  private int neighbours;
  private Runnable onArpReply;
  private final java.util.Map<Long, SimHost> arpRequesters = new java.util.HashMap<>();

  /**
   * Builds a host around its bond and plugs itself in as the bond's stack.
   *
   * @param name {@code local} or {@code remote}
   * @param bond the host's bond
   * @param mac the bond's MAC
   * @param address the host's address
   * @param densityThreshold RFC 5236 threshold for the reordering meters
   */
  public SimHost(
      String name, BondDevice bond, MacAddress mac, Ipv4Address address, int densityThreshold) {
    this.name = name;
    this.bond = bond;
    this.mac = mac;
    this.address = address;
    this.meters = new ReceiveMeters(densityThreshold);
    bond.attachStack(this);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public MacAddress mac() {
    return mac;
  }

  @Override
  public Ipv4Address address() {
    return address;
  }

  /**
   * Learns the MAC to use for a peer, as an ARP reply from it would teach: the peer's bond answers
   * with its own MAC or, under balance-alb, the MAC of the slave it assigns to this host.
   *
   * @param peer the other host
   */
  public void resolve(SimHost peer) {
    long mac = peer.bond.macFor(address, peer.address);
    int entry = neighbour(peer.address.bits());
    if (entry < 0) {
      if (neighbours == neighbourIps.length) {
        neighbourIps = Arrays.copyOf(neighbourIps, neighbours * 2);
        neighbourMacs = Arrays.copyOf(neighbourMacs, neighbours * 2);
      }
      entry = neighbours++;
      neighbourIps[entry] = peer.address.bits();
    }
    neighbourMacs[entry] = mac;
  }

  /** Returns the neighbour-table entry of an address, or -1. */
  private int neighbour(int ip) {
    for (int i = 0; i < neighbours; i++) {
      if (neighbourIps[i] == ip) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public void send(Packet packet) {
    if (packet.frame().ip() instanceof Ipv4Header ip) {
      int entry = neighbour(ip.destination().bits());
      if (entry >= 0) {
        packet.setLinkDestination(neighbourMacs[entry]);
      }
    }
    if (transmitStages != null) {
      // Each stream's application runs on its own CPU in turn, as a scheduler spreads netperf
      // processes, unless -T binds it; a segment of no stream is sent on CPU 0. While TCP runs in
      // the reader's or the softirq's context, what it sends is charged there.
      int flow = packet.flowId();
      int cpu;
      if (sendingCpu >= 0) {
        cpu = sendingCpu;
      } else if (appCpu >= 0 && flow >= 0) {
        cpu = appCpu;
      } else {
        cpu = flow > 0 ? flow % transmitStages.length : 0;
      }
      transmitStages[cpu].send(packet);
    } else {
      bond.transmit(packet);
    }
  }

  /**
   * Charges every sent segment CPU time before it reaches the bond: stream {@code i}'s segments on
   * the stage of CPU {@code i % cpus}, every other segment on CPU 0's.
   *
   * @param stages one transmit stage per CPU, in CPU order
   */
  public void chargeTransmit(List<TransmitStage> stages) {
    this.transmitStages = stages.toArray(new TransmitStage[0]);
  }

  /**
   * Binds the host's application to a CPU ({@code netperf -T}): what it sends is charged there and,
   * when {@code readers} is given, the TCP segments it reads pass the socket lock ({@link
   * ReaderSockets}).
   *
   * @param cpu the application's CPU
   * @param readers the socket lock, or null when the host charges no receive work
   */
  public void bindApplication(int cpu, ReaderSockets readers) {
    this.appCpu = cpu;
    this.readers = readers;
  }

  @Override
  public void sendFrom(int cpu) {
    this.sendingCpu = transmitStages != null && cpu < transmitStages.length ? cpu : -1;
  }

  /**
   * Returns the socket lock of a bound application, or null.
   *
   * @return the reader sockets
   */
  public ReaderSockets readers() {
    return readers;
  }

  /**
   * Charges TCP's scoreboard work: {@code charge} takes the segments an ACK's SACK blocks made TCP
   * walk and charges their CPU time (to the receive path's CPU that is delivering the ACK).
   *
   * @param charge takes the segments walked
   */
  public void chargeScoreboardWork(java.util.function.IntConsumer charge) {
    this.scoreboardCharge = charge;
  }

  @Override
  public void scoreboardWork(int segments) {
    if (scoreboardCharge != null) {
      scoreboardCharge.accept(segments);
    }
  }

  @Override
  public void onReceive(PacketHandler handler) {
    this.handler = handler;
  }

  @Override
  public void deliver(Packet packet, int slaveIndex) {
    deliver(packet, slaveIndex, 1);
  }

  @Override
  public void deliver(Packet packet, int slaveIndex, int frames) {
    if (packet.frame().ethernet().etherType() == EtherType.ARP) {
      onArp(packet);
      return;
    }
    observeStackInput(packet, frames);
    if (readers != null && packet.tcp() != null) {
      readers.arrive(packet, handler);
    } else {
      handler.receive(packet);
    }
  }

  /**
   * Records what reaches TCP ({@code tcp_v4_rcv}): after the NICs' interrupt batching, NAPI's
   * round-robin polling and GRO. A GRO aggregate of {@code frames} segments stands for the numbers
   * {@code flowSequence} to {@code flowSequence + frames - 1}: GRO merges only segments that
   * continue each other, which left the sender in that order.
   */
  private void observeStackInput(Packet packet, int frames) {
    int flow = packet.flowId();
    if (flow < 0 || !meters.measuresStackInput()) {
      return;
    }
    for (int i = 0; i < frames; i++) {
      meters.onStack(flow, packet.flowSequence() + i);
    }
  }

  // The address the pre-test's ARP request asks for.
  private Ipv4Address askedFor;

  /**
   * Sends an ARP request for a peer's address (broadcast from the bond's MAC), as a Linux host does
   * before its first packet to the peer (netperf's control connection). The answer's content is the
   * neighbour entry {@link #resolve} sets; the frames exist so that a switch learns both hosts, as
   * it would in a lab.
   *
   * @param peer the host asked for
   * @param onReply what to run when the reply arrives
   */
  public void sendArpRequest(SimHost peer, Runnable onReply) {
    this.onArpReply = onReply;
    this.askedFor = peer.address;
    peer.arpRequesters.put(mac.bits(), this);
    broadcastArpRequest();
  }

  private void broadcastArpRequest() {
    send(
        arpPacket(
            mac.bits(),
            MacAddress.BROADCAST.bits(),
            new ArpMessage(ArpMessage.REQUEST, mac.bits(), address, 0, askedFor)));
  }

  private static Packet arpPacket(long source, long destination, ArpMessage body) {
    Frame frame =
        new Frame(
            new EthernetHeader(
                new MacAddress(source),
                new MacAddress(destination),
                EthernetHeader.NO_VLAN,
                EtherType.ARP),
            null,
            null);
    return new Packet(frame, body, 0, 0);
  }

  private void onArp(Packet packet) {
    if (packet.control() instanceof ArpMessage arp
        && arp.operation() == ArpMessage.REQUEST
        && arp.targetIp().equals(address)) {
      // A bond's ARP monitor asking for this host (arp_ip_target): arp_process answers with a
      // unicast reply to the asker, from this host's address.
      bond.sendArpReply(
          arpPacket(
              mac.bits(),
              arp.senderMac(),
              new ArpMessage(
                  ArpMessage.REPLY, mac.bits(), address, arp.senderMac(), arp.senderIp())));
      return;
    }
    if (packet.linkDestinationIsGroup()) {
      SimHost requester = arpRequesters.get(packet.linkSource());
      if (requester != null) {
        // The reply comes from the MAC this host gave the requester (under rlb, a slave's).
        long from = requester.neighbourMac(address.bits());
        bond.sendArpReply(
            arpPacket(
                from,
                packet.linkSource(),
                new ArpMessage(
                    ArpMessage.REPLY, from, address, packet.linkSource(), requester.address)));
      }
    } else if (onArpReply != null) {
      Runnable done = onArpReply;
      onArpReply = null;
      done.run();
    }
  }

  /** Sends the ARP request again (Linux retransmits unanswered requests every retrans_time_ms). */
  public void resendArpRequest() {
    if (onArpReply != null) {
      broadcastArpRequest();
    }
  }

  private long neighbourMac(int ip) {
    int entry = neighbour(ip);
    return entry >= 0 ? neighbourMacs[entry] : 0;
  }

  /**
   * Records a frame's arrival at one of the host's NICs, before any receive processing, for the
   * reordering metrics.
   *
   * @param packet the frame
   */
  public void observeArrival(Packet packet) {
    int flow = packet.flowId();
    if (flow >= 0) {
      meters.onWire(flow, packet.flowSequence());
    }
  }

  /**
   * Returns the reordering of every flow received, summed.
   *
   * @return the stats
   */
  public ReorderingStats reordering() {
    return meters.wire();
  }

  /** Measures reordering at TCP's input too (the receiving host of a run; the sender need not). */
  public void measureStackInput() {
    meters.measureStackInput();
  }

  /**
   * Returns the reordering of every flow as TCP receives it ({@code tcp_v4_rcv}), after the receive
   * path: NAPI can interleave the slaves' frames and GRO can merge them, so this differs from the
   * reordering on the wire.
   *
   * @return the stats, counted in segments
   */
  public ReorderingStats stackReordering() {
    return meters.stack();
  }
}
