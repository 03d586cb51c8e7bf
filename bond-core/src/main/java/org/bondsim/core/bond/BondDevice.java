package org.bondsim.core.bond;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import org.bondsim.api.Bond;
import org.bondsim.api.DropReason;
import org.bondsim.api.LinkState;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.Packet;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.core.net.FrameReceiver;

/**
 * A bond device: an ordered slave list, a transmit policy that picks a slave per packet, the
 * current active slave and the receive filter for inactive slaves.
 *
 * <p>As in Linux the bond has no queue of its own: {@link #transmit} hands each frame straight to
 * the chosen slave's qdisc.
 */
public final class BondDevice implements Bond, FrameReceiver {
  private final String name;
  private final String mode;
  private final Set<Characteristic> characteristics;
  private final Options options;
  private final List<SlaveDevice> slaves = new ArrayList<>();
  private final List<SlaveDevice> slavesView = Collections.unmodifiableList(slaves);
  private final ActiveSlaveSelector selector;
  private TxPolicy policy;
  private HostStack stack = (packet, slave) -> {};
  private SlaveDevice active;
  private long noSlaveDrops;
  private long offered;
  private final LongSupplier clock;
  private final List<ActiveSlaveChange> activeHistory = new ArrayList<>();
  private final FlowMoves flowMoves = new FlowMoves();

  /**
   * Builds a bond with no slaves.
   *
   * @param name interface name
   * @param mode the mode's name
   * @param characteristics the mode's characteristics
   * @param options resolved options
   * @param clock the simulated time, for the record of active-slave changes
   */
  public BondDevice(
      String name,
      String mode,
      Set<Characteristic> characteristics,
      Options options,
      LongSupplier clock) {
    this.clock = clock;
    this.name = name;
    this.mode = mode;
    this.characteristics =
        characteristics.isEmpty()
            ? EnumSet.noneOf(Characteristic.class)
            : EnumSet.copyOf(characteristics);
    this.options = options;
    this.selector = new ActiveSlaveSelector(this, options);
  }

  /**
   * Adds a slave at the end of the slave list, as {@code ip link set ethX master bond0} does.
   *
   * @param slave the slave; its index must equal the current slave count
   */
  public void enslave(SlaveDevice slave) {
    if (slave.index() != slaves.size()) {
      throw new IllegalArgumentException(
          "slave " + slave.name() + " has index " + slave.index() + ", expected " + slaves.size());
    }
    slaves.add(slave);
    // Linux rebuilds the hash modes' usable-slave array on the carrier notifier, before miimon.
    slave.link().addCarrierListener(this::notifyPolicy);
    if (onlyActiveTransmits()) {
      // Linux enslaves active-backup slaves as backups; selection below picks the active one.
      slave.setRole(true, true);
    }
    selectActiveSlave();
    notifyPolicy();
  }

  private void notifyPolicy() {
    if (policy != null) {
      policy.onSlavesChanged(this);
    }
  }

  /**
   * Sets the transmit policy. Called once, after the slaves are enslaved.
   *
   * @param policy the policy
   */
  public void attachPolicy(TxPolicy policy) {
    this.policy = policy;
    policy.onSlavesChanged(this);
  }

  /**
   * Sets the layer that receives accepted frames.
   *
   * @param stack the host's protocol layer
   */
  public void attachStack(HostStack stack) {
    this.stack = stack;
  }

  /**
   * Sends a frame: asks the policy for a slave and queues the frame there.
   *
   * @param packet the frame
   */
  public void transmit(Packet packet) {
    offered++;
    int choice = policy.select(packet, this);
    if (choice >= 0) {
      flowMoves.sent(packet.flowId(), choice, clock.getAsLong());
      slaves.get(choice).txPort().enqueue(packet, true);
    } else if (choice == TxPolicy.ALL_UP_SLAVES) {
      broadcast(packet);
    } else {
      dropNoSlave(packet);
    }
  }

  private void broadcast(Packet packet) {
    // Linux's bond_xmit_broadcast: a clone per eligible slave, the original skb (which carries
    // the socket's charge) to the last one.
    int last = -1;
    for (int i = slaves.size() - 1; i >= 0; i--) {
      if (upForBroadcast(slaves.get(i))) {
        last = i;
        break;
      }
    }
    if (last < 0) {
      dropNoSlave(packet);
      return;
    }
    for (int i = 0; i <= last; i++) {
      SlaveDevice slave = slaves.get(i);
      if (upForBroadcast(slave)) {
        slave.txPort().enqueue(packet, i == last);
      }
    }
  }

  private static boolean upForBroadcast(SlaveDevice slave) {
    return slave.carrier() && slave.linkState() == LinkState.UP;
  }

  private void dropNoSlave(Packet packet) {
    noSlaveDrops++;
    if (packet.owner() != null) {
      packet.owner().onTxDone(packet);
    }
  }

  @Override
  public void receive(int slaveIndex, Packet packet) {
    slaves.get(slaveIndex).stats().countRx(packet.frameBytes());
    receiveFromNic(slaveIndex, packet);
  }

  /**
   * Takes a packet a slave's receive path already counted (possibly a GRO aggregate of several
   * frames): the bond's receive handler, which withholds frames of inactive slaves.
   *
   * @param slaveIndex the slave
   * @param packet the packet
   */
  public void receiveFromNic(int slaveIndex, Packet packet) {
    SlaveDevice slave = slaves.get(slaveIndex);
    if (slave.isInactive()) {
      slave.stats().countDrop(DropReason.INACTIVE_SLAVE);
      return;
    }
    stack.deliver(packet, slaveIndex);
  }

  /**
   * Called by the link monitor after it committed state changes.
   *
   * @param reselect whether the active slave must be chosen again (Linux's {@code do_failover})
   */
  void afterCommit(boolean reselect) {
    if (reselect) {
      selectActiveSlave();
    }
    policy.onSlavesChanged(this);
  }

  /** Chooses the active slave again, as {@code bond_select_active_slave}. */
  void selectActiveSlave() {
    SlaveDevice best = selector.findBest(active);
    if (best == active) {
      return;
    }
    if (best != null && best.linkState() == LinkState.BACK) {
      // Linux makes a slave still counting updelay the active one "earlier" when nothing is up.
      best.setLinkState(LinkState.UP);
    }
    if (onlyActiveTransmits()) {
      if (active != null) {
        active.setRole(true, true);
      }
      if (best != null) {
        best.setRole(false, false);
      }
    }
    active = best;
    activeHistory.add(new ActiveSlaveChange(clock.getAsLong(), best == null ? null : best.name()));
  }

  boolean onlyActiveTransmits() {
    return characteristics.contains(Characteristic.ACTIVE_SLAVE_ONLY);
  }

  boolean usesActiveSlave() {
    return characteristics.contains(Characteristic.USES_ACTIVE_SLAVE);
  }

  /**
   * Returns the slaves with their mutable state.
   *
   * @return the slave list
   */
  public List<SlaveDevice> slaveDevices() {
    return slavesView;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String mode() {
    return mode;
  }

  @Override
  public List<SlaveDevice> slaves() {
    return slavesView;
  }

  @Override
  public int activeSlave() {
    return active == null ? -1 : active.index();
  }

  @Override
  public Options options() {
    return options;
  }

  /**
   * Returns the mode's characteristics.
   *
   * @return characteristics
   */
  public Set<Characteristic> characteristics() {
    return Collections.unmodifiableSet(characteristics);
  }

  /**
   * Returns the flows that changed transmit slave.
   *
   * @return the moves
   */
  public FlowMoves flowMoves() {
    return flowMoves;
  }

  /**
   * Returns frames dropped because the policy found no slave (Linux counts them as the bond's
   * tx_dropped).
   *
   * @return frames
   */
  public long noSlaveDrops() {
    return noSlaveDrops;
  }

  /**
   * Returns frames the host handed to this bond.
   *
   * @return frames
   */
  public long offered() {
    return offered;
  }

  /**
   * Returns every change of the active slave, the first choice included.
   *
   * @return changes in time order
   */
  public List<ActiveSlaveChange> activeHistory() {
    return Collections.unmodifiableList(activeHistory);
  }
}
