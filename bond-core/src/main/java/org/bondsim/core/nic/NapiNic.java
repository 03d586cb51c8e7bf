package org.bondsim.core.nic;

import org.bondsim.api.DropReason;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.offload.Upstream;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.wire.SlaveStats;

/**
 * A receiving NIC with one queue: an RX ring, interrupt coalescing and one NAPI context (reference
 * brief §1). A frame that finds the ring full is dropped. The interrupt fires when {@code
 * rx-frames} frames are waiting or {@code rx-usecs} after the first one (at once with {@code
 * rx-usecs 0}); it is then masked until the NAPI context completes, so frames arriving meanwhile
 * just wait in the ring. With {@code adaptive-rx on} the driver's {@link InterruptModeration} sets
 * the least time between interrupts instead, from the traffic it sees.
 */
final class NapiNic {
  private final EventLoop loop;
  private final ReceiveSettings settings;
  private final SlaveStats stats;
  private final ReceiveOffload gro;
  private final Softirq softirq;
  final int slaveIndex;
  private Packet[] ring;
  private int head;
  private int size;
  private boolean masked;
  private int pending;
  private long coalesceEpoch;
  private boolean coalesceArmed;
  private final Event coalesceExpired = (now, arg) -> onCoalesceTimer(arg);
  private long watchdogEpoch;
  private final Event watchdog = (now, arg) -> onWatchdog(arg);
  // adaptive-rx: the driver's moderation, and the traffic since the last interrupt it reads.
  private final InterruptModeration throttle;
  private long lastInterruptNs = Long.MIN_VALUE / 2;
  private long rxPacketsSinceIrq;
  private long rxBytesSinceIrq;
  private long txPacketsAtIrq;
  private long txBytesAtIrq;

  NapiNic(
      EventLoop loop,
      ReceiveSettings settings,
      SlaveStats stats,
      ReceiveOffload gro,
      Softirq softirq,
      int slaveIndex) {
    this.loop = loop;
    this.settings = settings;
    this.stats = stats;
    this.gro = gro;
    this.softirq = softirq;
    this.slaveIndex = slaveIndex;
    this.throttle = settings.adaptiveRx() ? InterruptModeration.of(settings.driver()) : null;
    this.ring =
        new Packet[Math.max(2, Integer.highestOneBit(Math.max(1, settings.ringSize() - 1)) << 1)];
  }

  /** A frame arrives from the wire. */
  /** Takes a frame off the wire; returns false if the full ring dropped it. */
  boolean arrive(Packet packet) {
    stats.countRx(packet.receivedBytes());
    if (size >= settings.ringSize()) {
      stats.countDrop(DropReason.RX_RING_FULL);
      return false;
    }
    ring[(head + size) & (ring.length - 1)] = packet;
    size++;
    if (!masked) {
      signal(1);
    }
    return true;
  }

  /** Frames in the ring and held by GRO. */
  int framesHeld() {
    return size + (gro != null ? gro.heldFrames() : 0);
  }

  private void signal(int newFrames) {
    pending += newFrames;
    if (throttle != null) {
      // The ITR register: no interrupt sooner than its interval after the previous one.
      if (!coalesceArmed) {
        long at = lastInterruptNs + throttle.intervalNs();
        if (at <= loop.now()) {
          interrupt();
        } else {
          coalesceArmed = true;
          loop.schedule(at, coalesceExpired, ++coalesceEpoch);
        }
      }
      return;
    }
    boolean byFrames = settings.rxFrames() > 0 && pending >= settings.rxFrames();
    if (byFrames || settings.rxUsecs() == 0) {
      interrupt();
    } else if (!coalesceArmed) {
      coalesceArmed = true;
      loop.scheduleIn(settings.rxUsecs() * 1000L, coalesceExpired, ++coalesceEpoch);
    }
  }

  private void onCoalesceTimer(long epoch) {
    if (epoch != coalesceEpoch || masked) {
      return;
    }
    interrupt();
  }

  private void interrupt() {
    if (throttle != null) {
      // e1000_intr_msi: the totals e1000_set_itr reads start again at each interrupt.
      lastInterruptNs = loop.now();
      rxPacketsSinceIrq = 0;
      rxBytesSinceIrq = 0;
      txPacketsAtIrq = stats.txPackets();
      txBytesAtIrq = stats.txBytes();
    }
    masked = true;
    pending = 0;
    coalesceArmed = false;
    coalesceEpoch++;
    softirq.interrupt(this);
  }

  /** One NAPI poll of up to {@code weight} frames, in ring order. */
  int poll(int weight, long nowNs, Upstream upstream) {
    int work = 0;
    while (work < weight && size > 0) {
      Packet packet = ring[head];
      ring[head] = null;
      head = (head + 1) & (ring.length - 1);
      size--;
      work++;
      rxPacketsSinceIrq++;
      // e1000_clean_rx_irq adds the length with the CRC stripped, as rx_bytes does.
      rxBytesSinceIrq += packet.receivedBytes();
      if (gro != null) {
        gro.receive(packet, nowNs, upstream);
      } else {
        upstream.up(packet, 1);
      }
    }
    return work;
  }

  void pollExhausted(long nowNs, Upstream upstream) {
    if (gro != null) {
      gro.pollExhausted(nowNs, upstream);
    }
  }

  /**
   * napi_complete_done: flushes GRO, unless {@code gro_flush_timeout} is set and the poll did work;
   * then the held packets wait and a timer (napi_watchdog) polls again after the timeout, and that
   * poll, finding no work, flushes. Each completion restarts the timer, as hrtimer_start does.
   */
  void complete(long nowNs, Upstream upstream, int work) {
    if (throttle != null) {
      throttle.update(
          rxPacketsSinceIrq,
          rxBytesSinceIrq,
          stats.txPackets() - txPacketsAtIrq,
          stats.txBytes() - txBytesAtIrq);
    }
    if (gro == null) {
      return;
    }
    long timeout = settings.groFlushTimeoutNs();
    if (timeout > 0 && work > 0) {
      if (gro.held() > 0) {
        loop.schedule(nowNs + timeout, watchdog, ++watchdogEpoch);
      }
    } else {
      watchdogEpoch++;
      gro.complete(nowNs, upstream);
    }
  }

  private void onWatchdog(long epoch) {
    // A poll already scheduled will complete (and flush or re-arm) by itself.
    if (epoch != watchdogEpoch || masked || gro.held() == 0) {
      return;
    }
    interrupt();
  }

  /** napi_complete_done: interrupts unmasked; frames that came meanwhile are signalled now. */
  void unmask() {
    masked = false;
    if (size > 0) {
      signal(size);
    }
  }
}
