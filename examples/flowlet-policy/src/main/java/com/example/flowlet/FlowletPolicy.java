package com.example.flowlet;

import java.util.Arrays;
import org.bondsim.api.Bond;
import org.bondsim.api.Slave;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpHeader;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Header;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;

/**
 * The flowlet table and the backlog estimate, in flat arrays so a packet costs no allocation.
 *
 * <p>Load is each slave's estimated backlog: the time its queue would need to drain, grown by every
 * frame sent (frame plus preamble and gap, at the link's rate) and drained by the clock. The
 * least-loaded slave is the one that would send a new frame soonest.
 *
 * <p>A flow is idle once its last frame has <em>left</em> its slave (by the same estimate) more
 * than the gap ago; measuring from when the frame was queued instead would let a new flowlet
 * overtake frames still waiting in the old slave's queue.
 */
final class FlowletPolicy implements TxPolicy {
  private static final int NONE = -1;

  private final PolicyContext context;
  private final long gapNs;
  private final int mask;
  private final int[] entrySlave;
  private final long[] entryLastDeparture;
  private long[] busyUntil = new long[8];

  FlowletPolicy(PolicyContext context, long gapNs, int tableBits) {
    this.context = context;
    this.gapNs = gapNs;
    this.mask = (1 << tableBits) - 1;
    this.entrySlave = new int[1 << tableBits];
    this.entryLastDeparture = new long[1 << tableBits];
    Arrays.fill(entrySlave, NONE);
  }

  @Override
  public int select(OutgoingFrame packet, Bond bond) {
    long now = context.now();
    int entry = flowHash(packet.frame()) & mask;
    int slave = entrySlave[entry];
    boolean newFlowlet = slave == NONE || now - entryLastDeparture[entry] > gapNs;
    if (newFlowlet || slave >= bond.slaveCount() || !bond.slave(slave).canTransmit()) {
      slave = leastLoaded(bond, now);
      entrySlave[entry] = slave;
    }
    if (slave == NONE) {
      return NO_SLAVE;
    }
    Slave chosen = bond.slave(slave);
    long bits = (long) (packet.frameBytes() + chosen.link().wireOverheadBytes()) * 8;
    busyUntil[slave] =
        Math.max(now, busyUntil[slave]) + bits * 1_000_000_000L / chosen.link().rateBitsPerSecond();
    entryLastDeparture[entry] = busyUntil[slave];
    return slave;
  }

  private int leastLoaded(Bond bond, long now) {
    int best = NONE;
    long soonest = Long.MAX_VALUE;
    for (int i = 0; i < bond.slaveCount(); i++) {
      if (!bond.slave(i).canTransmit()) {
        continue;
      }
      long free = Math.max(now, busyUntil[i]);
      if (free < soonest) {
        soonest = free;
        best = i;
      }
    }
    return best;
  }

  @Override
  public void onSlavesChanged(Bond bond) {
    if (busyUntil.length < bond.slaveCount()) {
      busyUntil = Arrays.copyOf(busyUntil, bond.slaveCount());
    }
  }

  /** A mix of the flow's addresses, protocol and ports; the destination MAC for non-IP frames. */
  private static int flowHash(Frame frame) {
    IpHeader ip = frame.ip();
    long h;
    if (ip instanceof Ipv4Header v4) {
      h =
          ((long) v4.source().bits() << 32)
              ^ v4.destination().bits()
              ^ ((long) v4.protocol() << 16);
    } else if (ip instanceof Ipv6Header v6) {
      h =
          v6.source().high()
              ^ Long.rotateLeft(v6.source().low(), 17)
              ^ Long.rotateLeft(v6.destination().high(), 31)
              ^ Long.rotateLeft(v6.destination().low(), 47)
              ^ v6.nextHeader();
    } else {
      h = frame.ethernet().destination().bits();
    }
    if (frame.transport() instanceof TcpHeader tcp) {
      h ^= Long.rotateLeft(((long) tcp.sourcePort() << 16) | tcp.destinationPort(), 23);
    } else if (frame.transport() instanceof UdpHeader udp) {
      h ^= Long.rotateLeft(((long) udp.sourcePort() << 16) | udp.destinationPort(), 23);
    }
    // The finaliser of SplitMix64 spreads every input bit over the index.
    h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
    h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
    return (int) (h ^ (h >>> 31));
  }
}
