package org.bondsim.core.rx;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.net.FrameReceiver;

/**
 * A host's receive path: one {@link NapiNic} per slave, all interrupting the host's one CPU (as on
 * the reference machine), one softirq context, GRO per NIC when on. Frames from the wire enter
 * here; packets leave into the bond's receive handler.
 */
public final class ReceivePath implements FrameReceiver {
  private final List<NapiNic> nics = new ArrayList<>();
  private final Softirq softirq;

  /**
   * Builds the path of a host.
   *
   * @param loop the run's event loop
   * @param cpu the host's CPU
   * @param bond the host's bond, fully enslaved
   * @param settings ring, coalescing, GRO and budgets
   * @param costs CPU costs
   * @param gro the GRO provider, used when {@code settings.gro()}
   * @param kernel which kernel's GRO rules
   */
  public ReceivePath(
      EventLoop loop,
      HostCpu cpu,
      BondDevice bond,
      ReceiveSettings settings,
      CpuCosts costs,
      ReceiveOffloadProvider gro,
      String kernel) {
    this.softirq = new Softirq(loop, cpu, settings, costs, bond::receiveFromNic);
    for (SlaveDevice slave : bond.slaveDevices()) {
      nics.add(
          new NapiNic(
              loop,
              settings,
              slave.stats(),
              settings.gro() && gro != null ? gro.create(kernel) : null,
              softirq,
              slave.index()));
    }
  }

  @Override
  public void receive(int slaveIndex, org.bondsim.api.packet.Packet packet) {
    nics.get(slaveIndex).arrive(packet);
  }

  /**
   * Returns NAPI polls run.
   *
   * @return polls
   */
  public long polls() {
    return softirq.polls();
  }

  /**
   * Returns frames taken from the rings.
   *
   * @return frames
   */
  public long framesPolled() {
    return softirq.framesPolled();
  }

  /**
   * Returns packets handed up to the bond (aggregates count once).
   *
   * @return packets
   */
  public long packetsUp() {
    return softirq.packetsUp();
  }
}
