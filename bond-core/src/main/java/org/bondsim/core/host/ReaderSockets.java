package org.bondsim.core.host;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.workload.PacketHandler;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.TaggedRing;

/**
 * The socket lock between a host's softirq and its reading application, when that application is
 * bound to a CPU ({@code netperf -T lcpu,rcpu}): who runs TCP's receive work for a segment, on
 * which CPU, and when TCP sees it.
 *
 * <p>{@code tcp_v4_rcv} takes the socket's spinlock and looks at its owner. While the reader holds
 * the socket ({@code lock_sock} in {@code tcp_recvmsg}, copying or processing), the segment goes to
 * the backlog ({@code sk_add_backlog}) and the reader processes it when it releases the socket
 * ({@code release_sock} → {@code sk_backlog_rcv}). When the reader sleeps in {@code tcp_recvmsg}
 * waiting for data, 2.6.37 and 3.16 put the segment on the prequeue ({@code tcp_prequeue}: {@code
 * ucopy.task} is set) and wakes the reader, which runs TCP on it in its own context ({@code
 * tcp_prequeue_process}); Linux removed the prequeue in 4.14, so on 6.x the softirq runs TCP itself
 * ({@code tcp_v4_do_rcv}) and wakes the reader only to copy. So on 2.6.37 nearly all of TCP's
 * receive work and the copy to the application run on the reader's CPU; on 6.x TCP runs in the
 * softirq unless the reader is busy.
 *
 * <p>The model: a reader is busy from its wakeup until the last piece of work it has been given
 * ends; a segment's work ({@link CpuCosts#perTcpSegmentNs} for TCP, {@link CpuCosts#perByteNs} per
 * payload byte for the copy, plus {@link CpuCosts#perWakeupNs} when it wakes the reader) runs on
 * the reader's CPU behind what that CPU already has, and TCP sees the segment when its work ends,
 * so segments reach TCP in arrival order. Segments without payload reach a socket that is not busy
 * straight from the softirq (on 2.6.37 the prequeue would take them too; the difference is one
 * ACK's timing). Coarsenings: netserver's time in user space between two {@code recv()} calls is
 * taken as zero (it is always in {@code tcp_recvmsg}), out-of-order data is copied when it arrives
 * rather than when the hole fills, and the prequeue's memory limit ({@code TCPPrequeueDropped}) is
 * not modelled.
 */
public final class ReaderSockets {
  private final EventLoop loop;
  private final List<HostCpu> cpus;
  private final int appCpu;
  private final CpuCosts costs;
  private final boolean prequeue;
  private final Supplier<HostCpu> deliveringCpu;
  private final SendingContext context;
  // By flow id (small and non-negative for a test's streams), so a lookup boxes nothing.
  private Socket[] sockets = new Socket[16];
  // The CPU of the last softirq that handed a segment straight to TCP, and its index: a host's
  // segments come from one or a few softirqs, so the index is rarely looked up again.
  private HostCpu lastSoftirq;
  private int lastSoftirqIndex;
  private long wakeups;
  private long prequeued;
  private long backlogged;
  private long inSoftirq;

  /** Where a host's sends take their CPU from while TCP runs in one context or the other. */
  public interface SendingContext {
    /**
     * Sets the CPU the packets TCP sends now are charged to.
     *
     * @param cpu the CPU's index, or -1 to go back to the host's rule
     */
    void sendFrom(int cpu);
  }

  /**
   * Builds a host's reader sockets.
   *
   * @param loop the run's event loop
   * @param cpus the host's CPUs, in order
   * @param appCpu the CPU the reading application is bound to
   * @param costs the host's costs
   * @param prequeue whether the kernel has the prequeue (2.6.37; removed in 4.14)
   * @param deliveringCpu the CPU whose softirq is handing packets up now
   * @param context the host, which charges what TCP sends to the CPU it runs on
   */
  public ReaderSockets(
      EventLoop loop,
      List<HostCpu> cpus,
      int appCpu,
      CpuCosts costs,
      boolean prequeue,
      Supplier<HostCpu> deliveringCpu,
      SendingContext context) {
    if (appCpu < 0 || appCpu >= cpus.size()) {
      throw new IllegalArgumentException(
          "appCpu must be 0.." + (cpus.size() - 1) + " (the host's CPUs), got " + appCpu);
    }
    this.loop = loop;
    this.cpus = List.copyOf(cpus);
    this.appCpu = appCpu;
    this.costs = costs;
    this.prequeue = prequeue;
    this.deliveringCpu = deliveringCpu;
    this.context = context;
  }

  /**
   * A TCP segment {@code tcp_v4_rcv} hands its socket.
   *
   * @param packet the segment (a GRO aggregate counts once)
   * @param tcp where TCP takes it
   */
  public void arrive(Packet packet, PacketHandler tcp) {
    int flow = packet.flowId();
    Socket socket = flow >= 0 && flow < sockets.length ? sockets[flow] : null;
    if (socket == null) {
      if (packet.payloadBytes() == 0 || flow < 0) {
        direct(packet, tcp);
        return;
      }
      if (flow >= sockets.length) {
        sockets = Arrays.copyOf(sockets, Math.max(flow + 1, sockets.length * 2));
      }
      socket = new Socket(tcp);
      sockets[flow] = socket;
    }
    socket.arrive(packet, loop.now());
  }

  private void direct(Packet packet, PacketHandler tcp) {
    inSoftirq++;
    HostCpu softirq = deliveringCpu.get();
    if (packet.payloadBytes() > 0 && costs.perTcpSegmentNs() > 0) {
      softirq.run(loop.now(), costs.perTcpSegmentNs());
    }
    if (softirq != lastSoftirq) {
      lastSoftirq = softirq;
      lastSoftirqIndex = cpus.indexOf(softirq);
    }
    context.sendFrom(lastSoftirqIndex);
    tcp.receive(packet);
    context.sendFrom(-1);
  }

  /** Returns the CPU the reader is bound to. */
  public int appCpu() {
    return appCpu;
  }

  /** Returns the times a segment found the reader asleep and woke it. */
  public long wakeups() {
    return wakeups;
  }

  /** Returns segments put on the prequeue (2.6.37; 0 on kernels without one). */
  public long prequeued() {
    return prequeued;
  }

  /** Returns segments put on the backlog because the reader held the socket. */
  public long backlogged() {
    return backlogged;
  }

  /** Returns segments TCP processed in the softirq. */
  public long inSoftirq() {
    return inSoftirq;
  }

  /** One reading socket: its reader's pending work, in arrival order. */
  private final class Socket {
    private final PacketHandler tcp;
    private final HostCpu cpu = cpus.get(appCpu);
    // Segments and when their work ends, in arrival order.
    private final TaggedRing<Packet> waiting = new TaggedRing<>();
    private boolean armed;
    private long busyUntil = Long.MIN_VALUE;
    private final Event release =
        (now, arg) -> {
          armed = false;
          release(now);
        };

    Socket(PacketHandler tcp) {
      this.tcp = tcp;
    }

    void arrive(Packet packet, long now) {
      // Work that ends now is done before this segment is looked at: the reader still holds the
      // socket only if something is left.
      release(now);
      int payload = packet.payloadBytes();
      long copy = Math.round(payload * costs.perByteNs());
      boolean owned = !waiting.isEmpty() || now < busyUntil;
      if (owned) {
        backlogged++;
        queue(packet, cpu.run(now, payload > 0 ? costs.perTcpSegmentNs() + copy : 0));
      } else if (payload == 0) {
        direct(packet, tcp);
      } else if (prequeue) {
        prequeued++;
        wakeups++;
        queue(packet, cpu.run(now, costs.perWakeupNs() + costs.perTcpSegmentNs() + copy));
      } else {
        direct(packet, tcp);
        wakeups++;
        busyUntil = cpu.run(now, costs.perWakeupNs() + copy);
      }
    }

    private void queue(Packet packet, long done) {
      waiting.add(packet, done);
      busyUntil = Math.max(busyUntil, done);
      if (!armed) {
        armed = true;
        loop.schedule(done, release, 0);
      }
    }

    private void release(long now) {
      if (!waiting.isEmpty() && waiting.firstTag() <= now) {
        context.sendFrom(appCpu);
        while (!waiting.isEmpty() && waiting.firstTag() <= now) {
          tcp.receive(waiting.removeFirst());
        }
        context.sendFrom(-1);
      }
      if (!waiting.isEmpty() && !armed) {
        armed = true;
        loop.schedule(waiting.firstTag(), this.release, 0);
      }
    }
  }
}
