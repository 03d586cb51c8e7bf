package org.bondsim.core.bond;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import org.bondsim.api.Bond;
import org.bondsim.api.LinkState;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.CoreNeed;
import org.bondsim.api.policy.ReceiveBalancer;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.capture.Captures;
import org.bondsim.core.capture.FrameTap;
import org.bondsim.core.wire.FrameReceiver;
import org.bondsim.core.wire.Segmenter;

/**
 * A bond device: an ordered slave list, a transmit policy that picks a slave per packet, the
 * current active slave and the receive filter for inactive slaves.
 *
 * <p>As in Linux the bond has no queue of its own: {@link #transmit} hands each frame straight to
 * the chosen slave's qdisc.
 *
 * <p>MAC addresses: in most modes every slave carries the bond's MAC. In the modes with {@link
 * CoreNeed#OWN_SLAVE_MACS} (balance-tlb, balance-alb) each slave keeps its own, the active slave
 * carries the bond's, and a change of active slave swaps the two slaves' addresses and sends
 * learning packets for both, as {@code bond_alb_handle_active_change} and {@code
 * alb_fasten_mac_swap} do; frames leaving another slave carry its MAC as source.
 */
public final class BondDevice implements Bond, FrameReceiver {
  private final String name;
  private final String mode;
  private final Set<Characteristic> characteristics;
  private final Set<CoreNeed> needs;
  private final Options options;
  private final List<SlaveDevice> slaves = new ArrayList<>();
  private final List<SlaveDevice> slavesView = Collections.unmodifiableList(slaves);
  private final ActiveSlaveSelector selector;
  private TxPolicy policy;
  private SlaveDevice active;
  private FrameTap bondTap;
  private long noSlaveDrops;
  private long offered;
  private final LongSupplier clock;
  private final FlowMoves flowMoves = new FlowMoves();
  private final MacAddress mac;
  private final boolean ownSlaveMacs;
  private final AlbAddresses alb;
  private final BondHistory history;
  private Bond3ad lacp;
  private final BondReceiveHandler receiveHandler;
  private boolean cutsSuperPackets;
  private final java.util.function.Consumer<Packet> cutSegment = this::transmit;

  /** An address no real bond uses, for bonds built without one (tests, benchmarks). */
  private static final MacAddress UNSET_MAC = MacAddress.parse("02:00:00:00:00:ff");

  /**
   * Builds a bond with no slaves.
   *
   * @param name interface name
   * @param mode the mode's name
   * @param characteristics what the mode promises
   * @param needs what the mode needs from the bond
   * @param options resolved options
   * @param clock the simulated time, for the record of active-slave changes
   */
  public BondDevice(
      String name,
      String mode,
      Set<Characteristic> characteristics,
      Set<CoreNeed> needs,
      Options options,
      LongSupplier clock) {
    this(name, mode, characteristics, needs, options, clock, UNSET_MAC);
  }

  /**
   * Builds a bond with no slaves and its own MAC address.
   *
   * @param name interface name
   * @param mode the mode's name
   * @param characteristics what the mode promises
   * @param needs what the mode needs from the bond
   * @param options resolved options
   * @param clock the simulated time, for the record of active-slave changes
   * @param mac the bond's address
   */
  public BondDevice(
      String name,
      String mode,
      Set<Characteristic> characteristics,
      Set<CoreNeed> needs,
      Options options,
      LongSupplier clock,
      MacAddress mac) {
    this.mac = mac;
    this.clock = clock;
    this.name = name;
    this.mode = mode;
    this.characteristics =
        characteristics.isEmpty()
            ? EnumSet.noneOf(Characteristic.class)
            : EnumSet.copyOf(characteristics);
    this.needs = needs.isEmpty() ? EnumSet.noneOf(CoreNeed.class) : EnumSet.copyOf(needs);
    this.options = options;
    this.ownSlaveMacs = this.needs.contains(CoreNeed.OWN_SLAVE_MACS);
    this.selector = new ActiveSlaveSelector(this, options);
    this.alb = new AlbAddresses(mac, slaves, clock);
    this.history = new BondHistory(clock);
    this.receiveHandler = new BondReceiveHandler(slaves, alb, clock);
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
    if (onlyActiveTransmits() || runsLacp()) {
      // Linux enslaves active-backup slaves as backups (selection below picks the active one),
      // and 802.3ad slaves disabled until LACP enables them (bond_3ad_bind_slave).
      slave.setRole(true, true);
    }
    if (ownSlaveMacs) {
      // bond_enslave for tlb/alb: active for transmit, inactive for receive until it becomes the
      // current active slave; it keeps its own MAC (alb_set_slave_mac_addr with perm_hwaddr).
      slave.setRole(false, true);
      slave.setMac(slave.permanentMac());
    } else {
      slave.setMac(mac);
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
   * Runs LACP on this bond's slaves (802.3ad): LACPDUs received go to it, and it decides which
   * slaves are active.
   *
   * @param lacp the bond's LACP side
   */
  public void attachLacp(Bond3ad lacp) {
    this.lacp = lacp;
    receiveHandler.attachLacp(lacp);
  }

  /** Lets the ARP monitor see every frame a slave receives ({@code recv_probe}). */
  void attachArpMonitor(ArpMonitor monitor) {
    receiveHandler.attachArpMonitor(monitor);
  }

  /**
   * Returns the bond's LACP side.
   *
   * @return the LACP side, or null when the mode runs none
   */
  public Bond3ad lacp() {
    return lacp;
  }

  /** LACP changed which slaves collect and distribute: the transmit array is rebuilt. */
  void afterLacpChange() {
    notifyPolicy();
  }

  /**
   * Returns LACPDUs this bond received and consumed ({@code bond_3ad_lacpdu_recv}), on any slave.
   *
   * @return frames
   */
  public long lacpdusReceived() {
    return receiveHandler.lacpdusReceived();
  }

  boolean runsLacp() {
    return needs.contains(CoreNeed.LACP);
  }

  /**
   * Lets the mode's receive balancing answer peers and accept unicast frames on slaves other than
   * the active one (balance-alb).
   *
   * @param balancer the policy's receive side
   */
  public void attachReceiveBalancer(ReceiveBalancer balancer) {
    alb.attachReceiveBalancer(balancer);
  }

  /**
   * Captures this host's interfaces ({@code --pcap}): the bond's own traffic both ways, what each
   * slave receives, and (through each slave's port) what it sends.
   *
   * @param captures the run's captures
   * @param host the host's name in file names
   * @param tso whether the slaves cut super-packets themselves, so their captures hold them whole
   */
  public void tap(Captures captures, String host, boolean tso) {
    bondTap = captures.tap(host, name);
    FrameTap[] slaveTaps = new FrameTap[slaves.size()];
    for (int i = 0; i < slaves.size(); i++) {
      SlaveDevice slave = slaves.get(i);
      slaveTaps[i] = captures.tap(host, slave.name());
      slave.txPort().tap(slaveTaps[i]);
      slave.txPort().hardwareSegmentation(tso);
    }
    receiveHandler.tap(bondTap, slaveTaps);
  }

  /**
   * Says whether this bond has GSO and TSO off ({@code ethtool -K bond0 gso off tso off}), so that
   * a super-packet reaching it is cut in software before the mode picks a slave for each segment,
   * as {@code __dev_queue_xmit} does on the bond (it has no qdisc) since Linux 4.17 always hands it
   * GSO packets; otherwise the chosen slave takes the super-packet whole.
   *
   * @param cuts whether super-packets are cut here
   */
  public void cutsSuperPackets(boolean cuts) {
    this.cutsSuperPackets = cuts;
  }

  /**
   * Sets the layer that receives accepted frames.
   *
   * @param stack the host's protocol layer
   */
  public void attachStack(HostStack stack) {
    receiveHandler.attachStack(stack);
  }

  /**
   * Sends a frame: asks the policy for a slave and queues the frame there.
   *
   * @param packet the frame
   */
  public void transmit(Packet packet) {
    if (cutsSuperPackets && packet.segments() > 1) {
      // validate_xmit_skb on a bond without GSO: skb_gso_segment cuts here, and each segment is
      // offered to the mode on its own (bond_start_xmit once per segment).
      Segmenter.splitCharging(packet, cutSegment);
      return;
    }
    offered++;
    if (bondTap != null) {
      bondTap.frame(clock.getAsLong(), packet);
    }
    if (lacp != null && !lacp.system().carrier()) {
      // bond_3ad_set_carrier turned the bond's carrier off (no active aggregator, or fewer than
      // min_links ports): linkwatch gives the bond a noop qdisc, which drops.
      dropNoSlave(packet);
      return;
    }
    int choice = PluginFault.select(policy, packet, this, slaves.size());
    if (choice >= 0) {
      flowMoves.sent(packet.flowId(), choice, clock.getAsLong());
      SlaveDevice slave = slaves.get(choice);
      rewriteSourceMac(packet, slave);
      slave.txPort().enqueue(packet, true);
    } else if (choice == TxPolicy.ALL_UP_SLAVES) {
      broadcast(packet);
    } else {
      dropNoSlave(packet);
    }
  }

  /**
   * The bond's one change to a frame: {@code bond_do_alb_xmit} sends frames that do not leave on
   * the active slave with that slave's own MAC (modes that need {@code OWN_SLAVE_MACS}); the policy
   * only chose the slave.
   */
  private void rewriteSourceMac(Packet packet, SlaveDevice slave) {
    if (ownSlaveMacs && slave != active) {
      packet.setLinkSource(slave.mac().bits());
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
      packet.owner().onDropped(packet);
    }
  }

  @Override
  public void receive(int slaveIndex, Packet packet) {
    slaves.get(slaveIndex).stats().countRx(packet.receivedBytes());
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
    receiveFromNic(slaveIndex, packet, 1);
  }

  /**
   * Takes a packet of {@code frames} wire frames (a GRO aggregate) from a slave's receive path.
   *
   * @param slaveIndex the slave
   * @param packet the packet
   * @param frames the wire frames it stands for
   */
  public void receiveFromNic(int slaveIndex, Packet packet, int frames) {
    receiveHandler.receive(slaveIndex, packet, frames);
  }

  /**
   * Returns whether the bond would hand a frame arriving on a slave to the stack now: {@code
   * bond_should_deliver_exact_match} keeps an inactive slave's frames from the bond, except that
   * balance-alb takes unicast on every slave (rlb steers peers there).
   *
   * @param slaveIndex the slave
   * @param packet the frame
   * @return false if it would be dropped as {@code inactive_slave}
   */
  public boolean wouldDeliver(int slaveIndex, Packet packet) {
    return receiveHandler.wouldDeliver(slaveIndex, packet);
  }

  /**
   * Returns the wire frames this bond handed to its host's stack.
   *
   * @return frames (a GRO aggregate counts as the frames it merged)
   */
  public long framesToStack() {
    return receiveHandler.framesToStack();
  }

  /**
   * Returns the MAC this host gives a peer that resolves its address: the MAC of the slave the
   * mode's receive balancing assigns to the peer, else the bond's. ARP frames are not simulated:
   * the answer takes effect at once.
   *
   * @param peer the peer's address
   * @param ourAddress this host's address
   * @return the address bits
   */
  public long macFor(Ipv4Address peer, Ipv4Address ourAddress) {
    return alb.macFor(peer, ourAddress);
  }

  /**
   * Returns the bond's own MAC address.
   *
   * @return the address
   */
  public MacAddress mac() {
    return mac;
  }

  /**
   * Queues one learning packet on a slave ({@code alb_send_learning_packets}): 60 bytes, source and
   * destination {@code address}, EtherType 0x9000, so the switch learns the address on that slave's
   * port. Skipped while the slave has no carrier, where Linux's noop qdisc would discard it.
   *
   * @param slaveIndex the slave
   * @param address the address to teach
   */
  public void sendLearningPacket(int slaveIndex, MacAddress address) {
    alb.sendLearningPacket(slaveIndex, address);
  }

  /**
   * Sends an ARP reply. Under rlb the reply carries a slave's own MAC and leaves on that slave
   * ({@code rlb_arp_xmit} in {@code bond_alb.c}), so that the switch learns the MAC where the slave
   * is; any other reply takes the bond's transmit path.
   *
   * @param packet the reply
   */
  public void sendArpReply(Packet packet) {
    if (!alb.sendArpReplyFromSlave(packet)) {
      transmit(packet);
    }
  }

  /**
   * Returns the learning packets queued so far.
   *
   * @return packets
   */
  public long learningPackets() {
    return alb.learningPackets();
  }

  /**
   * Puts a slave's NIC into promiscuous mode or takes it out.
   *
   * @param slaveIndex the slave
   * @param on true to accept every destination
   */
  public void setPromiscuous(int slaveIndex, boolean on) {
    slaves.get(slaveIndex).setPromiscuous(on);
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
    SlaveDevice previous = active;
    active = best;
    if (ownSlaveMacs) {
      alb.activeChanged(previous, best);
    }
    history.activeChanged(best == null ? null : best.name());
    if (usesActiveSlave()) {
      // Every bond keeps one, but only the modes that use an active slave report it.
      history.record(best == null ? "" : best.name(), "active_slave_change");
    }
  }

  /** The configured primary slave in a mode that keeps an active slave, else null. */
  SlaveDevice primary() {
    return selector.primary();
  }

  boolean onlyActiveTransmits() {
    return needs.contains(CoreNeed.ACTIVE_SLAVE_ONLY);
  }

  boolean usesActiveSlave() {
    return needs.contains(CoreNeed.USES_ACTIVE_SLAVE);
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
   * Returns what the mode needs from the bond.
   *
   * @return needs
   */
  public Set<CoreNeed> needs() {
    return Collections.unmodifiableSet(needs);
  }

  /**
   * Returns what happened to the bond: its timeline and its active slaves.
   *
   * @return the history
   */
  public BondHistory history() {
    return history;
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
}
