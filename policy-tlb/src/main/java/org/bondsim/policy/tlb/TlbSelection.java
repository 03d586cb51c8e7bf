package org.bondsim.policy.tlb;

import java.util.Arrays;
import org.bondsim.api.Bond;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Packet;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.policy.hash.XmitHash;

/**
 * balance-tlb's and balance-alb's transmit choice ({@code bond_xmit_tlb_slave_get}, {@code
 * bond_xmit_alb_slave_get}, {@code tlb_choose_channel}, {@code bond_do_alb_xmit}) and their monitor
 * ({@code bond_alb_monitor}): state in flat arrays so the per-packet path allocates nothing. The
 * two modes differ only in which frames are balanced and how the table is indexed.
 */
final class TlbSelection implements TxPolicy {
  /** Entries of the transmit table: the low byte of the hash indexes it. */
  static final int TABLE_SIZE = 256;

  /** The monitor runs ten times a second ({@code ALB_TIMER_TICKS_PER_SEC}). */
  static final long TICK_NS = 100_000_000L;

  /** Seconds between rebalances ({@code BOND_TLB_REBALANCE_INTERVAL}). */
  static final int REBALANCE_INTERVAL_S = 10;

  private static final int REBALANCE_TICKS = REBALANCE_INTERVAL_S * 10;
  private static final int NONE = -1;

  private final XmitHash hash;
  private final boolean alb;
  private final boolean dynamic;
  private final PolicyContext context;
  private final int[] entrySlave = new int[TABLE_SIZE];
  private final long[] entryTxBytes = new long[TABLE_SIZE];
  private final long[] entryLoadHistory = new long[TABLE_SIZE];
  private long[] slaveLoad = new long[8];
  private long unbalancedLoad;
  // Starts full: enslaving orders "a rebalance ASAP" (bond_alb_init_slave).
  private int rebalanceCounter = REBALANCE_TICKS;
  private int[] usable = new int[8];
  private int usableCount;
  private boolean[] couldTransmit = new boolean[8];
  private long rebalances;
  private final Runnable tick = this::tick;

  TlbSelection(XmitHash hash, boolean alb, boolean dynamic, PolicyContext context) {
    this.hash = hash;
    this.alb = alb;
    this.dynamic = dynamic;
    this.context = context;
    Arrays.fill(entrySlave, NONE);
  }

  /** bond_open queues the monitor at once; it then re-arms every tick. */
  void startMonitor() {
    context.schedule(0, tick);
  }

  @Override
  public int select(Packet packet, Bond bond) {
    int slave = NONE;
    Frame frame = packet.frame();
    int index = alb ? BalancedFrames.albIndex(frame) : BalancedFrames.tlbBalances(frame) ? 0 : NONE;
    if (index != NONE) {
      if (dynamic) {
        // tlb indexes by the low byte of xmit_hash; alb by its own XOR of the destination address.
        int entry = alb ? index : hash.hash(frame) & 0xFF;
        slave = chooseChannel(entry, skbLength(packet), bond);
      } else if (usableCount > 0) {
        slave = usable[Integer.remainderUnsigned(hash.hash(frame), usableCount)];
      }
    }
    if (slave == NONE) {
      // Unbalanced or unassigned: the current active slave, counted as unbalanced load.
      slave = bond.activeSlave();
      if (dynamic) {
        unbalancedLoad += skbLength(packet);
      }
    }
    if (slave >= 0 && bond.slave(slave).canTransmit()) {
      return slave;
    }
    if (slave >= 0 && dynamic) {
      clearSlave(slave, false);
    }
    return NO_SLAVE;
  }

  /** skb->len at the bond: Ethernet header through payload, no FCS. */
  private static int skbLength(Packet packet) {
    return packet.frame().ethernet().headerBytes() + packet.l3Bytes();
  }

  /** __tlb_choose_channel: the entry's slave, or the least-loaded one for an empty entry. */
  private int chooseChannel(int index, int length, Bond bond) {
    int assigned = entrySlave[index];
    if (assigned == NONE) {
      assigned = leastLoaded(bond);
      if (assigned != NONE) {
        entrySlave[index] = assigned;
        slaveLoad[assigned] += entryLoadHistory[index];
      }
    }
    if (assigned != NONE) {
      entryTxBytes[index] += length;
    }
    return assigned;
  }

  /**
   * tlb_get_least_loaded_slave: the largest gap between speed (Mbit/s shifted up by 20) and load
   * (bytes per second of history, in bits); the first slave wins a tie.
   */
  private int leastLoaded(Bond bond) {
    int best = NONE;
    long maxGap = Long.MIN_VALUE;
    for (int i = 0; i < bond.slaveCount(); i++) {
      if (!bond.slave(i).canTransmit()) {
        continue;
      }
      long gap = (bond.slave(i).link().speedMbps() << 20) - (slaveLoad[i] << 3);
      if (maxGap < gap) {
        maxGap = gap;
        best = i;
      }
    }
    return best;
  }

  /**
   * tlb_clear_slave: empties the slave's entries; with saveLoad each entry keeps what it sent as
   * its load history (1 + bytes / 10 s), the figure a new assignment adds to a slave's load.
   */
  private void clearSlave(int slave, boolean saveLoad) {
    for (int i = 0; i < TABLE_SIZE; i++) {
      if (entrySlave[i] != slave) {
        continue;
      }
      if (saveLoad) {
        entryLoadHistory[i] = 1 + entryTxBytes[i] / REBALANCE_INTERVAL_S;
        entryTxBytes[i] = 0;
      }
      entrySlave[i] = NONE;
    }
    slaveLoad[slave] = 0;
  }

  /** bond_alb_monitor, transmit part: every 10 s every slave's entries are cleared. */
  private void tick() {
    Bond bond = context.bond();
    if (bond.slaveCount() == 0) {
      rebalanceCounter = 0;
    } else if (++rebalanceCounter >= REBALANCE_TICKS) {
      int active = bond.activeSlave();
      for (int i = 0; i < bond.slaveCount(); i++) {
        clearSlave(i, true);
        if (i == active) {
          slaveLoad[i] = unbalancedLoad / REBALANCE_INTERVAL_S;
          unbalancedLoad = 0;
        }
      }
      rebalanceCounter = 0;
      rebalances++;
    }
    context.schedule(TICK_NS, tick);
  }

  /**
   * bond_alb_handle_link_change: a slave that went down loses its entries (without history); one
   * that came up orders a rebalance at the next tick. The usable array serves tlb_dynamic_lb 0.
   */
  @Override
  public void onSlavesChanged(Bond bond) {
    int n = bond.slaveCount();
    if (slaveLoad.length < n) {
      slaveLoad = Arrays.copyOf(slaveLoad, n);
      usable = Arrays.copyOf(usable, n);
      couldTransmit = Arrays.copyOf(couldTransmit, n);
    }
    int count = 0;
    for (int i = 0; i < n; i++) {
      boolean can = bond.slave(i).canTransmit();
      if (can) {
        usable[count++] = i;
      }
      if (couldTransmit[i] && !can) {
        clearSlave(i, false);
      } else if (!couldTransmit[i] && can) {
        rebalanceCounter = REBALANCE_TICKS;
      }
      couldTransmit[i] = can;
    }
    usableCount = count;
  }

  /**
   * Returns the rebalances run so far.
   *
   * @return count
   */
  long rebalances() {
    return rebalances;
  }
}
