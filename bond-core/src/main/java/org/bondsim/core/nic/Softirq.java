package org.bondsim.core.nic;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.offload.Upstream;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.host.HostCpu;

/**
 * {@code net_rx_action} on one CPU: polls the scheduled NAPI contexts round robin, each up to its
 * weight, within the packet budget and the tick limit ({@link SoftirqWindow}); a context that used
 * its whole weight stays scheduled, one that drained its ring completes and unmasks its interrupt.
 *
 * <p>Timing: a run takes CPU time for every frame and every packet it hands up, every poll call and
 * every interrupt that raised it since the last run (the hard IRQ runs on the same CPU just before;
 * {@link CpuCosts}); the packets reach the bond and TCP when the run ends, in the order GRO
 * completed them. Frames arriving during a run wait for the next one. This coarsening is a
 * modelling choice: within a run Linux hands packets up one by one, a few microseconds apart.
 */
final class Softirq {
  private final EventLoop loop;
  private final HostCpu cpu;
  private final ReceiveSettings settings;
  private final CpuCosts costs;
  private final StackInput bond;
  private final SoftirqWindow window;
  // Shared with the host's other softirqs: which CPU is handing packets up now.
  private final HostCpu[] delivering;
  private int[] outFrames = new int[64];
  private final ArrayDeque<NapiNic> pollList = new ArrayDeque<>();
  private final List<Packet> outPackets = new ArrayList<>();
  private final List<NapiNic> outNics = new ArrayList<>();
  private final List<NapiNic> completed = new ArrayList<>();
  private boolean running;
  private long runCost;
  private NapiNic current;
  private final Upstream upstream = this::up;
  private final Event start = (now, arg) -> run(now);
  private final Event finish = (now, arg) -> finish();
  private long polls;
  // Interrupts since the last run began: their handlers are charged to the next run.
  private long pendingInterrupts;
  private long framesPolled;
  private long packetsUp;
  // netperf -T: the reader copies TCP payload and runs TCP's work, so the softirq charges IP only.
  private boolean readerBound;

  Softirq(
      EventLoop loop,
      HostCpu cpu,
      ReceiveSettings settings,
      CpuCosts costs,
      StackInput bond,
      HostCpu[] delivering,
      SoftirqWindow window) {
    this.loop = loop;
    this.window = window;
    this.cpu = cpu;
    this.settings = settings;
    this.costs = costs;
    this.bond = bond;
    this.delivering = delivering;
  }

  HostCpu cpu() {
    return cpu;
  }

  void readerBound() {
    readerBound = true;
  }

  /** A NIC's interrupt (or its GRO watchdog) raised this softirq: its handler costs CPU time. */
  void interrupt(NapiNic nic) {
    pendingInterrupts++;
    schedule(nic);
  }

  void schedule(NapiNic nic) {
    pollList.add(nic);
    if (!running) {
      running = true;
      loop.schedule(Math.max(loop.now(), cpu.freeAt()), start, 0);
    }
  }

  private void up(Packet packet, int segments) {
    if (outPackets.size() == outFrames.length) {
      outFrames = java.util.Arrays.copyOf(outFrames, outFrames.length * 2);
    }
    outFrames[outPackets.size()] = segments;
    outPackets.add(packet);
    outNics.add(current);
    packetsUp++;
    if (packet.payloadBytes() == 0) {
      int blocks = packet.tcp() != null ? packet.tcp().sack().size() : 0;
      runCost += costs.perAckNs() + blocks * costs.perSackBlockNs();
    } else if (readerBound && packet.tcp() != null) {
      runCost += costs.perPacketUpNs();
    } else {
      runCost +=
          costs.perPacketUpNs()
              + (packet.tcp() != null ? costs.perTcpSegmentNs() : 0)
              + (long) (packet.payloadBytes() * costs.perByteNs());
    }
  }

  private void run(long now) {
    int budget = settings.netdevBudget();
    runCost = pendingInterrupts * costs.perInterruptNs();
    pendingInterrupts = 0;
    // Linux checks the packet budget and the tick limit after each poll: checking before the next
    // one is the same.
    long deadline = window.deadlineNs(now);
    while (!pollList.isEmpty() && budget > 0 && now + runCost < deadline) {
      NapiNic nic = pollList.poll();
      current = nic;
      polls++;
      int work = nic.poll(settings.napiWeight(), now + runCost, upstream);
      framesPolled += work;
      runCost += work * costs.perFrameNs() + costs.perPollNs();
      budget -= work;
      if (work == settings.napiWeight()) {
        nic.pollExhausted(now + runCost, upstream);
        pollList.add(nic);
      } else {
        nic.complete(now + runCost, upstream, work);
        completed.add(nic);
      }
    }
    long end = cpu.run(now, runCost);
    loop.schedule(end, finish, 0);
  }

  private void finish() {
    delivering[0] = cpu;
    for (int i = 0; i < outPackets.size(); i++) {
      bond.receive(outNics.get(i).slaveIndex, outPackets.get(i), outFrames[i]);
    }
    delivering[0] = null;
    outPackets.clear();
    outNics.clear();
    // Indexed: this runs once per NAPI run, and an iterator here was a tenth of a run's garbage.
    for (int i = 0; i < completed.size(); i++) {
      completed.get(i).unmask();
    }
    completed.clear();
    if (!pollList.isEmpty()) {
      loop.schedule(Math.max(loop.now(), cpu.freeAt()), start, 0);
    } else {
      running = false;
    }
  }

  /** Wire frames polled but not yet handed to the bond (they reach it when this run ends). */
  long framesPending() {
    long frames = 0;
    for (int i = 0; i < outPackets.size(); i++) {
      frames += outFrames[i];
    }
    return frames;
  }

  /** Where a softirq hands what it polled: the bond, with the wire frames each packet holds. */
  interface StackInput {
    void receive(int slaveIndex, Packet packet, int frames);
  }

  long polls() {
    return polls;
  }

  long framesPolled() {
    return framesPolled;
  }

  long packetsUp() {
    return packetsUp;
  }
}
