package org.bondsim.core.host;

import org.bondsim.api.stack.Packet;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.TaggedRing;

/**
 * The transmit path's CPU time: each packet a host sends costs {@link CpuCosts#transmitNs} on its
 * CPU before it reaches the bond, behind whatever else the CPU is doing (softirq work included):
 * the per-packet work, the copy of its payload from the application, and, when the slaves have no
 * TSO but GSO is on, software GSO's work per segment.
 *
 * <p>Coarsenings: the copy is charged when the segment is first handed down rather than inside
 * {@code write()}, and a retransmission pays it again, though Linux retransmits a clone.
 */
public final class TransmitStage {
  private final EventLoop loop;
  private final HostCpu cpu;
  private final BondDevice bond;
  private final CpuCosts costs;
  private final boolean softwareGso;
  private final TaggedRing<Packet> waiting = new TaggedRing<>();
  private boolean armed;
  private final Event release = (now, arg) -> release(now);

  /**
   * Builds the stage.
   *
   * @param loop the run's event loop
   * @param cpu the host's CPU
   * @param bond the host's bond
   * @param costs the host's costs
   * @param softwareGso whether super-packets are cut in software (GSO on, TSO off)
   */
  public TransmitStage(
      EventLoop loop, HostCpu cpu, BondDevice bond, CpuCosts costs, boolean softwareGso) {
    this.loop = loop;
    this.cpu = cpu;
    this.bond = bond;
    this.costs = costs;
    this.softwareGso = softwareGso;
  }

  /**
   * Sends a packet once the CPU has done its transmit work.
   *
   * @param packet the packet
   */
  public void send(Packet packet) {
    int segments = packet.segments();
    long cost = costs.transmitNs(packet.payloadBytes(), softwareGso && segments > 1 ? segments : 0);
    long done = cpu.run(loop.now(), cost);
    waiting.add(packet, done);
    if (!armed) {
      armed = true;
      loop.schedule(done, release, 0);
    }
  }

  private void release(long now) {
    while (!waiting.isEmpty() && waiting.firstTag() <= now) {
      bond.transmit(waiting.removeFirst());
    }
    if (!waiting.isEmpty()) {
      loop.schedule(waiting.firstTag(), release, 0);
    } else {
      armed = false;
    }
  }
}
