package org.bondsim.core.rx;

import java.util.ArrayDeque;
import org.bondsim.api.packet.Packet;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;

/**
 * The transmit path's CPU time: each segment a host sends costs {@code perSegmentSentNs} on its CPU
 * before it reaches the bond, behind whatever else the CPU is doing (softirq work included).
 */
public final class TransmitStage {
  private final EventLoop loop;
  private final HostCpu cpu;
  private final BondDevice bond;
  private final long costNs;
  private final ArrayDeque<Packet> waiting = new ArrayDeque<>();
  private final ArrayDeque<Long> dueAt = new ArrayDeque<>();
  private boolean armed;
  private final Event release = (now, arg) -> release(now);

  /**
   * Builds the stage.
   *
   * @param loop the run's event loop
   * @param cpu the host's CPU
   * @param bond the host's bond
   * @param costNs CPU time per segment
   */
  public TransmitStage(EventLoop loop, HostCpu cpu, BondDevice bond, long costNs) {
    this.loop = loop;
    this.cpu = cpu;
    this.bond = bond;
    this.costNs = costNs;
  }

  /**
   * Sends a packet once the CPU has done its transmit work.
   *
   * @param packet the packet
   */
  public void send(Packet packet) {
    long done = cpu.run(loop.now(), costNs);
    waiting.add(packet);
    dueAt.add(done);
    if (!armed) {
      armed = true;
      loop.schedule(done, release, 0);
    }
  }

  private void release(long now) {
    while (!waiting.isEmpty() && dueAt.peek() <= now) {
      dueAt.poll();
      bond.transmit(waiting.poll());
    }
    if (!waiting.isEmpty()) {
      loop.schedule(dueAt.peek(), release, 0);
    } else {
      armed = false;
    }
  }
}
