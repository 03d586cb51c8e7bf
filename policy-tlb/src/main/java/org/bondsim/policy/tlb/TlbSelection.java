package org.bondsim.policy.tlb;

import java.util.Arrays;
import org.bondsim.api.Bond;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.policy.hash.XmitHash;

/**
 * balance-tlb's and balance-alb's transmit choice ({@code bond_xmit_tlb_slave_get}, {@code
 * bond_xmit_alb_slave_get}, {@code tlb_choose_channel}, {@code bond_do_alb_xmit}) and their monitor
 * ({@code bond_alb_monitor}): state in flat arrays so the per-packet path allocates nothing. The
 * two modes differ in which frames are balanced and how the table is indexed; alb adds receive
 * balancing ({@link AlbSelection}).
 *
 * <p>The monitor ticks every 100 ms from the moment the bond opens. It sends learning packets on
 * every slave each {@code lp_interval} seconds and, with {@code tlb_dynamic_lb 1}, empties the
 * table every 10 s. As Linux's {@code bond_open}, a balance-tlb bond with {@code tlb_dynamic_lb 0}
 * runs no monitor at all, so it sends no learning packets either.
 */
class TlbSelection implements TxPolicy {
  /** Entries of the transmit table: the low byte of the hash indexes it. */
  static final int TABLE_SIZE = 256;

  /** The monitor runs ten times a second ({@code ALB_TIMER_TICKS_PER_SEC}). */
  static final long TICK_NS = 100_000_000L;

  /** Seconds between rebalances ({@code BOND_TLB_REBALANCE_INTERVAL}). */
  static final int REBALANCE_INTERVAL_S = 10;

  private static final int REBALANCE_TICKS = REBALANCE_INTERVAL_S * 10;
  private static final int NONE = -1;

  private final XmitHash hash;
  // alb's frame rules and destination-address key; tlb used them too before 3.19.
  private final boolean albRules;
  private final boolean dynamic;
  // Linux 3.16 – 3.18: tlb_dynamic_lb 0 takes hash % slave_cnt over every slave.
  private final boolean moduloAllSlaves;
  private final boolean monitor;
  private final int learningTicks;
  final PolicyContext context;
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
  private int learningCounter;
  int lastActive = NONE;
  private final Runnable tick = this::tick;

  /**
   * Builds the selection.
   *
   * @param hash the xmit hash
   * @param alb whether this is balance-alb (its monitor always runs)
   * @param legacyTlb balance-tlb of a kernel before 3.19, which shared alb's transmit function
   * @param dynamic tlb_dynamic_lb
   * @param moduloAllSlaves with tlb_dynamic_lb 0, index every slave (3.16 – 3.18), not the usable
   *     ones
   * @param lpIntervalSeconds lp_interval
   * @param context the bond's context
   */
  TlbSelection(
      XmitHash hash,
      boolean alb,
      boolean legacyTlb,
      boolean dynamic,
      boolean moduloAllSlaves,
      long lpIntervalSeconds,
      PolicyContext context) {
    this.hash = hash;
    this.albRules = alb || legacyTlb;
    this.dynamic = dynamic;
    this.moduloAllSlaves = moduloAllSlaves;
    this.monitor = alb || dynamic;
    // BOND_ALB_LP_TICKS: lp_interval seconds of 10 ticks each.
    this.learningTicks = (int) Math.min(Integer.MAX_VALUE, lpIntervalSeconds * 10);
    this.context = context;
    Arrays.fill(entrySlave, NONE);
  }

  /**
   * tlb_initialize: the load history every entry starts with ({@link
   * org.bondsim.policy.hash.HashFormula#tlbInitialLoadHistory}).
   *
   * @param history bytes per second, at least 0
   */
  void initialLoadHistory(long history) {
    Arrays.fill(entryLoadHistory, history);
  }

  /** bond_open queues the monitor at once; it then re-arms every tick. */
  void startMonitor() {
    if (monitor) {
      context.schedule(0, tick);
    }
  }

  @Override
  public int select(OutgoingFrame packet, Bond bond) {
    int slave = NONE;
    Frame frame = packet.frame();
    int index =
        albRules ? BalancedFrames.albIndex(frame) : BalancedFrames.tlbBalances(frame) ? 0 : NONE;
    if (index != NONE) {
      if (dynamic) {
        // tlb indexes by the low byte of xmit_hash; alb by its own XOR of the destination address.
        int entry = albRules ? index : hash.hash(frame) & 0xFF;
        slave = chooseChannel(entry, skbLength(packet), bond);
      } else if (moduloAllSlaves) {
        // 3.16's bond_tlb_xmit: the slave at position hash % slave_cnt; if it cannot send,
        // bond_do_alb_xmit frees the frame.
        int count = bond.slaveCount();
        if (count > 0) {
          int chosen = Integer.remainderUnsigned(hash.hash(frame), count);
          return bond.slave(chosen).canTransmit() ? chosen : NO_SLAVE;
        }
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
  private static int skbLength(OutgoingFrame packet) {
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

  /**
   * bond_alb_monitor: learning packets every lp_interval, and every 10 s every slave's entries are
   * cleared; then whatever the mode adds ({@link #afterTick}).
   */
  private void tick() {
    Bond bond = context.bond();
    if (bond.slaveCount() == 0) {
      rebalanceCounter = 0;
      learningCounter = 0;
      context.schedule(TICK_NS, tick);
      return;
    }
    if (++learningCounter >= learningTicks) {
      for (int i = 0; i < bond.slaveCount(); i++) {
        context.sendLearningPacket(i, bond.slave(i).mac());
      }
      learningCounter = 0;
    }
    if (++rebalanceCounter >= REBALANCE_TICKS) {
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
    afterTick(bond);
    context.schedule(TICK_NS, tick);
  }

  /**
   * Runs at the end of every monitor tick; balance-alb's receive balancing works here.
   *
   * @param bond the bond
   */
  void afterTick(Bond bond) {}

  /**
   * Called when a slave stops being able to transmit.
   *
   * @param bond the bond
   * @param slave the slave
   * @param wasActive whether it was the active slave before this change
   */
  void slaveWentDown(Bond bond, int slave, boolean wasActive) {}

  /**
   * Called when a slave becomes able to transmit.
   *
   * @param bond the bond
   * @param slave the slave
   */
  void slaveCameUp(Bond bond, int slave) {}

  /**
   * Called when the active slave changed (the two slaves swapped MACs).
   *
   * @param bond the bond
   * @param previous the old active slave, or -1
   * @param next the new active slave, or -1
   */
  void activeChanged(Bond bond, int previous, int next) {}

  /**
   * bond_alb_handle_link_change: a slave that went down loses its entries (without history); one
   * that came up orders a rebalance at the next tick. The usable array serves tlb_dynamic_lb 0.
   * bond_alb_handle_active_change: a new active slave empties its own and the old one's entries
   * (keeping their history), since the two swap MAC addresses.
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
        slaveWentDown(bond, i, i == lastActive);
      } else if (!couldTransmit[i] && can) {
        rebalanceCounter = REBALANCE_TICKS;
        slaveCameUp(bond, i);
      }
      couldTransmit[i] = can;
    }
    usableCount = count;
    int active = bond.activeSlave();
    if (active != lastActive) {
      if (lastActive >= 0 && lastActive < n) {
        clearSlave(lastActive, true);
      }
      if (active >= 0) {
        clearSlave(active, true);
      }
      int previous = lastActive;
      lastActive = active;
      activeChanged(bond, previous, active);
    }
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
