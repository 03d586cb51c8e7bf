package org.bondsim.core.workload;

import java.util.Arrays;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.Packet;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.PacketHandler;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.HostStack;
import org.bondsim.core.metrics.ReorderingMeter;
import org.bondsim.core.metrics.ReorderingStats;
import org.bondsim.core.rx.TransmitStage;

/**
 * One simulated host: its bond, its addresses and the workload's receive handler. Frames are
 * measured for reordering (per sender flow, RFC 4737/5236) as they reach the host's NICs.
 */
public final class SimHost implements Host, HostStack {
  private final String name;
  private final BondDevice bond;
  private final MacAddress mac;
  private final Ipv4Address address;
  private final int densityThreshold;
  private PacketHandler handler = packet -> {};
  private ReorderingMeter[] meters = new ReorderingMeter[0];
  private TransmitStage[] transmitStages;
  private long neighbourMac = -1;
  private long resolutions;

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
    this.densityThreshold = densityThreshold;
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
   * Learns the MAC to use for the peer, as an ARP reply from it would teach: the peer's bond
   * answers with its own MAC or, under balance-alb, the MAC of the slave it assigns to this host.
   *
   * @param peer the other host
   */
  public void resolve(SimHost peer) {
    neighbourMac = peer.bond.macFor(address, peer.address);
    resolutions++;
  }

  /**
   * Returns the MAC this host sends to, once resolved.
   *
   * @return the address bits, or -1 before the first resolution
   */
  public long neighbourMac() {
    return neighbourMac;
  }

  /**
   * Returns how often the peer's address was resolved (the first time, then each update).
   *
   * @return resolutions
   */
  public long resolutions() {
    return resolutions;
  }

  @Override
  public void send(Packet packet) {
    if (neighbourMac >= 0) {
      packet.setLinkDestination(neighbourMac);
    }
    if (transmitStages != null) {
      // Each stream's application runs on its own CPU in turn, as a scheduler spreads netperf
      // processes; a segment of no stream (a pure ACK, a SYN) is sent on CPU 0.
      int flow = packet.flowId();
      transmitStages[flow > 0 ? flow % transmitStages.length : 0].send(packet);
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
  public void chargeTransmit(java.util.List<TransmitStage> stages) {
    this.transmitStages = stages.toArray(new TransmitStage[0]);
  }

  @Override
  public void onReceive(PacketHandler handler) {
    this.handler = handler;
  }

  @Override
  public void deliver(Packet packet, int slaveIndex) {
    handler.receive(packet);
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
      if (flow >= meters.length) {
        meters = Arrays.copyOf(meters, Math.max(flow + 1, meters.length * 2));
      }
      if (meters[flow] == null) {
        meters[flow] = new ReorderingMeter(densityThreshold);
      }
      meters[flow].onArrival(packet.flowSequence());
    }
  }

  /**
   * Returns the reordering of every flow received, summed.
   *
   * @return the stats
   */
  public ReorderingStats reordering() {
    ReorderingStats sum = ReorderingStats.empty(densityThreshold);
    for (ReorderingMeter meter : meters) {
      if (meter != null) {
        sum = sum.plus(meter.snapshot());
      }
    }
    return sum;
  }
}
