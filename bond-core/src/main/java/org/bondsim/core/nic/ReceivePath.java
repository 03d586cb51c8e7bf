package org.bondsim.core.nic;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.api.option.OptionException;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.host.HostCpu;
import org.bondsim.core.wire.FrameReceiver;

/**
 * A host's receive path: one {@link NapiNic} per receive queue of each slave (one queue unless
 * {@code rx-queues} says more; RSS picks a frame's queue, {@link Rss}), each interrupting the CPU
 * {@link ReceiveSettings#irqCpu} names (by default all on CPU 0, as on the reference machine), one
 * softirq context per CPU that takes interrupts, GRO per queue when on. Frames from the wire enter
 * here; packets leave into the bond's receive handler.
 */
public final class ReceivePath implements FrameReceiver {
  private final List<NapiNic> nics = new ArrayList<>();
  // nics index of slave i's first queue is i * queues.
  private final int queues;
  private final Rss rss;
  // The CPU whose softirq is handing packets up right now: work TCP does on them runs there.
  private final HostCpu[] delivering = new HostCpu[1];
  private final EventLoop loop;
  private final List<Softirq> softirqs = new ArrayList<>();
  private final BondDevice bond;
  private final ArrivalObserver observer;

  /** Sees each frame a NIC's ring accepted that the bond will hand on (for the reorder meter). */
  public interface ArrivalObserver {
    /**
     * Sees one arrival.
     *
     * @param packet the frame
     */
    void arrived(org.bondsim.api.stack.Packet packet);
  }

  /**
   * Builds the path of a host.
   *
   * @param loop the run's event loop
   * @param cpus the host's CPUs, at least {@code settings.cpus()}
   * @param bond the host's bond, fully enslaved
   * @param settings ring, coalescing, GRO and budgets
   * @param costs CPU costs
   * @param gro the GRO provider, used when {@code settings.gro()}
   * @param kernel which kernel's GRO rules
   * @param window how long a softirq run may poll ({@link SoftirqWindow#of})
   * @param observer what sees each frame a ring takes, or null
   */
  public ReceivePath(
      EventLoop loop,
      List<HostCpu> cpus,
      BondDevice bond,
      ReceiveSettings settings,
      CpuCosts costs,
      ReceiveOffloadProvider gro,
      KernelVersion kernel,
      SoftirqWindow window,
      ArrivalObserver observer) {
    this.bond = bond;
    this.observer = observer;
    this.loop = loop;
    if (settings.groFlushTimeoutNs() > 0
        && (kernel == KernelVersion.LINUX_2_6_37 || kernel == KernelVersion.LINUX_3_16)) {
      throw new OptionException(
          "gro-flush-timeout",
          String.valueOf(settings.groFlushTimeoutNs()),
          "gro-flush-timeout needs --kernel 6.x or 6.1: Linux added it in 3.19, after "
              + kernel.word());
    }
    this.queues = settings.rxQueues();
    this.rss = new Rss(queues);
    if (settings.irqCpus().size() > bond.slaveCount() * queues) {
      throw new OptionException(
          "irq-cpus",
          String.valueOf(settings.irqCpus()),
          queues == 1
              ? "irq-cpus names "
                  + settings.irqCpus().size()
                  + " CPUs for "
                  + bond.slaveCount()
                  + " slaves; allowed: one CPU per slave at most (fewer repeat in turn)"
              : "irq-cpus names "
                  + settings.irqCpus().size()
                  + " CPUs for "
                  + bond.slaveCount() * queues
                  + " receive queues ("
                  + bond.slaveCount()
                  + " slaves x rx-queues "
                  + queues
                  + "); allowed: one CPU per queue at most (fewer repeat in turn)");
    }
    Softirq[] byCpu = new Softirq[settings.cpus()];
    for (SlaveDevice slave : bond.slaveDevices()) {
      for (int queue = 0; queue < queues; queue++) {
        int cpu = settings.irqCpu(slave.index(), queue);
        if (byCpu[cpu] == null) {
          byCpu[cpu] =
              new Softirq(
                  loop, cpus.get(cpu), settings, costs, bond::receiveFromNic, delivering, window);
          softirqs.add(byCpu[cpu]);
        }
        nics.add(
            new NapiNic(
                loop,
                settings,
                slave.stats(),
                settings.gro() && gro != null ? gro.create(kernel) : null,
                byCpu[cpu],
                slave.index()));
      }
    }
  }

  @Override
  public void receive(int slaveIndex, org.bondsim.api.stack.Packet packet) {
    int queue = queues == 1 ? 0 : rss.queue(packet.frame());
    if (nics.get(slaveIndex * queues + queue).arrive(packet)
        && observer != null
        && bond.wouldDeliver(slaveIndex, packet)) {
      observer.arrived(packet);
    }
  }

  /**
   * Charges CPU time to the CPU whose softirq is delivering packets now (TCP's work on an ACK it
   * handed up); outside a delivery, to the first CPU that takes interrupts.
   *
   * @param ns the time
   */
  public void chargeDeliveringCpu(long ns) {
    deliveringCpu().run(loop.now(), ns);
  }

  /**
   * Returns the CPU whose softirq is delivering packets now; outside a delivery, the first CPU that
   * takes interrupts.
   *
   * @return the CPU
   */
  public HostCpu deliveringCpu() {
    return delivering[0] != null ? delivering[0] : softirqs.get(0).cpu();
  }

  /**
   * Tells the softirqs that a bound reader copies TCP's payload and runs TCP's own work on the
   * segments it takes ({@link org.bondsim.core.host.ReaderSockets}): they then charge a TCP segment
   * only its IP work ({@code up}).
   */
  public void readerBound() {
    for (Softirq softirq : softirqs) {
      softirq.readerBound();
    }
  }

  /**
   * Returns the wire frames inside the receive path: in RX rings, held by GRO, or polled and not
   * yet handed to the bond.
   *
   * @return frames
   */
  public long framesHeld() {
    long frames = 0;
    for (NapiNic nic : nics) {
      frames += nic.framesHeld();
    }
    for (Softirq softirq : softirqs) {
      frames += softirq.framesPending();
    }
    return frames;
  }

  /**
   * Returns NAPI polls run.
   *
   * @return polls
   */
  public long polls() {
    long sum = 0;
    for (Softirq softirq : softirqs) {
      sum += softirq.polls();
    }
    return sum;
  }

  /**
   * Returns frames taken from the rings.
   *
   * @return frames
   */
  public long framesPolled() {
    long sum = 0;
    for (Softirq softirq : softirqs) {
      sum += softirq.framesPolled();
    }
    return sum;
  }

  /**
   * Returns packets handed up to the bond (aggregates count once).
   *
   * @return packets
   */
  public long packetsUp() {
    long sum = 0;
    for (Softirq softirq : softirqs) {
      sum += softirq.packetsUp();
    }
    return sum;
  }
}
