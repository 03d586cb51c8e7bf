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
  private TransmitStage transmitStage;

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

  @Override
  public void send(Packet packet) {
    if (transmitStage != null) {
      transmitStage.send(packet);
    } else {
      bond.transmit(packet);
    }
  }

  /**
   * Charges every sent segment CPU time before it reaches the bond.
   *
   * @param stage the host's transmit stage
   */
  public void chargeTransmit(TransmitStage stage) {
    this.transmitStage = stage;
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
