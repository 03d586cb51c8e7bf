package org.bondsim.core.bond;

import java.util.Arrays;
import java.util.List;
import org.bondsim.api.LinkState;
import org.bondsim.api.packet.ArpMessage;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.engine.EventLoop;

/**
 * The ARP link monitor as Linux 6.17 runs it ({@code bond_main.c}): every {@code arp_interval} it
 * judges each slave by when it last received proof of life, commits link changes, and sends an ARP
 * request for every target.
 *
 * <p>active-backup ({@code bond_activebackup_arp_mon}): {@code bond_ab_arp_inspect} takes the
 * active slave down when nothing arrived for {@code arp_missed_max} intervals (plus half an
 * interval of slack, {@code bond_time_in_interval}), a backup after one interval more, and leaves
 * any slave alone for two intervals after it came up or became active; {@code bond_ab_arp_probe}
 * sends the requests on the active slave only, or, with no active slave, tries each slave with a
 * carrier in turn ({@code current_arp_slave}). Other modes ({@code bond_loadbalance_arp_mon}): a
 * slave is up while it both sent and received within {@code arp_missed_max} intervals, and every
 * slave with a carrier sends the requests.
 *
 * <p>What counts as proof of life is {@code bond_rcv_validate}, run on every frame a slave receives
 * before the inactive-slave filter: for a slave whose state {@code arp_validate} does not cover,
 * any frame ({@code filter}: any ARP frame); for one it covers, only an ARP frame that {@code
 * bond_arp_rcv} validates: a reply from a target on the active slave, our own request for a target
 * seen on a backup (the switch floods it there), or a reply on any slave shortly after the ARP
 * slave probed. {@code arp_all_targets all} judges by the target heard from least recently.
 *
 * <p>Not modelled: VLAN tags on the requests ({@code bond_verify_device_path}), IPv6 NS targets,
 * updelay and downdelay (Linux's ARP monitor uses neither).
 */
public final class ArpMonitor {
  /** {@code arp_validate}'s words, at their numbers ({@code bond_arp_validate_tbl}). */
  public static final List<String> VALIDATE_NAMES =
      List.of("none", "active", "backup", "all", "filter", "filter_active", "filter_backup");

  private static final int VALIDATE_FILTER = 4;

  private final EventLoop loop;
  private final BondDevice bond;
  private final long intervalNs;
  private final Ipv4Address[] targets;
  private final int validate;
  private final boolean allTargets;
  private final int missedMax;
  private final Ipv4Address ourAddress;
  private final boolean activeBackup;
  private final long[] lastRx;
  private final long[] lastTx;
  private final long[] lastLinkUp;
  private final long[][] targetLastRx;
  private int currentArpSlave = -1;
  private long requestsSent; // numbers the requests, as captures show frames
  private final org.bondsim.core.engine.Event tick = (now, arg) -> onTick(now);

  /**
   * Builds the monitor of a bond whose slaves are all enslaved.
   *
   * @param loop the event loop
   * @param bond the bond
   * @param intervalMs {@code arp_interval}, ms, &gt; 0
   * @param targets {@code arp_ip_target}
   * @param validate {@code arp_validate}'s number (0 none … 6 filter_backup)
   * @param allTargets {@code arp_all_targets all}
   * @param missedMax {@code arp_missed_max}
   * @param ourAddress the bond's IPv4 address (the requests' sender address)
   */
  public ArpMonitor(
      EventLoop loop,
      BondDevice bond,
      long intervalMs,
      List<Ipv4Address> targets,
      int validate,
      boolean allTargets,
      int missedMax,
      Ipv4Address ourAddress) {
    if (intervalMs <= 0) {
      throw new IllegalArgumentException(
          "arp_interval must be > 0 for a monitor, got " + intervalMs);
    }
    this.loop = loop;
    this.bond = bond;
    this.intervalNs = intervalMs * 1_000_000L;
    this.targets = targets.toArray(new Ipv4Address[0]);
    this.validate = validate;
    this.allTargets = allTargets;
    this.missedMax = missedMax;
    this.ourAddress = ourAddress;
    this.activeBackup = bond.onlyActiveTransmits();
    int n = bond.slaveCount();
    long now = loop.now();
    lastRx = new long[n];
    lastTx = new long[n];
    lastLinkUp = new long[n];
    targetLastRx = new long[n][this.targets.length];
    for (int i = 0; i < n; i++) {
      // bond_enslave: last_rx, every target's last_arp_rx and last_link_up start at jiffies, and
      // with arp_interval a slave starts up exactly when it has a carrier.
      SlaveDevice slave = bond.slaveDevices().get(i);
      lastRx[i] = now;
      lastLinkUp[i] = now;
      Arrays.fill(targetLastRx[i], now);
      if (!slave.carrier()) {
        slave.setLinkState(LinkState.DOWN);
        slave.setRole(true, activeBackup);
      }
    }
    bond.attachArpMonitor(this);
    bond.selectActiveSlave();
  }

  /**
   * Starts ticking.
   *
   * @param firstTickNs when the first run happens (the bond came up at some phase of the interval)
   */
  public void start(long firstTickNs) {
    loop.schedule(firstTickNs, tick, 0);
  }

  /** {@code bond_time_in_interval}: now within [last - δ, last + mod·δ + δ/2]. */
  private boolean inInterval(long last, int mod) {
    long now = loop.now();
    return now >= last - intervalNs && now <= last + mod * intervalNs + intervalNs / 2;
  }

  private long slaveLastRx(int slave) {
    if (!allTargets || targets.length == 0) {
      return lastRx[slave];
    }
    long oldest = targetLastRx[slave][0];
    for (long t : targetLastRx[slave]) {
      oldest = Math.min(oldest, t);
    }
    return oldest;
  }

  // ---------------------------------------------------------------- receive: bond_rcv_validate

  /**
   * Looks at a frame a slave received, before the bond's inactive-slave filter.
   *
   * @param slaveIndex the slave
   * @param packet the frame
   */
  void received(int slaveIndex, Packet packet) {
    SlaveDevice slave = bond.slaveDevices().get(slaveIndex);
    boolean isArp = packet.frame().ethernet().etherType() == EtherType.ARP;
    int state = slave.isBackup() ? 1 : 0;
    boolean validated = (validate & (1 << state)) != 0;
    boolean filter = (validate & VALIDATE_FILTER) != 0;
    if (!validated) {
      if (!filter || isArp) {
        lastRx[slaveIndex] = loop.now();
      }
      return;
    }
    if (isArp && packet.control() instanceof ArpMessage arp) {
      arpReceived(slaveIndex, slave, packet, arp);
    }
  }

  /** {@code bond_arp_rcv}: which ARP frames a validated slave trusts. */
  private void arpReceived(int index, SlaveDevice slave, Packet packet, ArpMessage arp) {
    if (!packet.linkDestinationIsGroup() && packet.linkDestination() != slave.mac().bits()) {
      return; // PACKET_OTHERHOST
    }
    int active = bond.activeSlave();
    if (!slave.isBackup()) {
      validateArp(index, arp.senderIp(), arp.targetIp());
    } else if (active >= 0 && slaveLastRx(active) > lastLinkUp[active]) {
      // A backup sees the active slave's broadcast request flooded to it: sender and target
      // swap roles.
      validateArp(index, arp.targetIp(), arp.senderIp());
    } else if (currentArpSlave >= 0
        && arp.operation() == ArpMessage.REPLY
        && inInterval(lastTx[currentArpSlave], 1)) {
      validateArp(index, arp.senderIp(), arp.targetIp());
    }
  }

  /** {@code bond_validate_arp}: the frame's target is us and its sender one of our targets. */
  private void validateArp(int slave, Ipv4Address sender, Ipv4Address target) {
    if (!target.equals(ourAddress)) {
      return;
    }
    for (int i = 0; i < targets.length; i++) {
      if (targets[i].equals(sender)) {
        lastRx[slave] = loop.now();
        targetLastRx[slave][i] = loop.now();
        return;
      }
    }
  }

  // ---------------------------------------------------------------- the periodic work

  private void onTick(long now) {
    if (activeBackup) {
      activeBackupInspectAndCommit();
      activeBackupProbe();
    } else {
      loadBalance();
    }
    loop.schedule(now + intervalNs, tick, 0);
  }

  /** {@code bond_ab_arp_inspect} then {@code bond_ab_arp_commit}. */
  private void activeBackupInspectAndCommit() {
    List<SlaveDevice> slaves = bond.slaveDevices();
    LinkState[] next = new LinkState[slaves.size()];
    boolean any = false;
    int active = bond.activeSlave();
    for (int i = 0; i < slaves.size(); i++) {
      SlaveDevice slave = slaves.get(i);
      long rx = slaveLastRx(i);
      if (slave.linkState() != LinkState.UP) {
        if (inInterval(rx, 1)) {
          next[i] = LinkState.UP;
          any = true;
        } else if (slave.linkState() == LinkState.BACK) {
          next[i] = LinkState.FAIL;
          any = true;
        }
        continue;
      }
      if (inInterval(lastLinkUp[i], 2)) {
        continue; // a full cycle to refresh the receive times after coming up or taking over
      }
      if (i != active && currentArpSlave < 0 && !inInterval(rx, missedMax + 1)) {
        next[i] = LinkState.DOWN;
        any = true;
      }
      if (i == active && (!inInterval(lastTx[i], missedMax) || !inInterval(rx, missedMax))) {
        next[i] = LinkState.DOWN;
        any = true;
      }
    }
    if (!any) {
      return;
    }
    boolean reselect = false;
    for (int i = 0; i < slaves.size(); i++) {
      SlaveDevice slave = slaves.get(i);
      if (next[i] == LinkState.UP) {
        slave.setLinkState(LinkState.UP);
        lastLinkUp[i] = loop.now();
        bond.history().record(slave.name(), "link_up");
        if (currentArpSlave >= 0) {
          // The slave tried while nothing was active goes back to being a backup.
          slaves.get(currentArpSlave).setRole(true, true);
          currentArpSlave = -1;
        }
        if (active < 0 || slave == bond.primary()) {
          reselect = true; // bond_ab_arp_commit: no active slave, or the primary is back
        }
      } else if (next[i] == LinkState.DOWN) {
        takeDown(slave, true);
        if (i == active) {
          currentArpSlave = -1;
          reselect = true;
        }
      } else if (next[i] == LinkState.FAIL) {
        slave.setLinkState(LinkState.FAIL);
        slave.setRole(true, true);
        if (active >= 0) {
          currentArpSlave = -1;
        }
      }
    }
    if (reselect) {
      bond.afterCommit(true);
      int now = bond.activeSlave();
      if (now >= 0 && now != active) {
        lastLinkUp[now] = loop.now(); // bond_change_active_slave
        currentArpSlave = -1;
      }
    }
  }

  /** {@code bond_ab_arp_probe}. */
  private void activeBackupProbe() {
    int active = bond.activeSlave();
    if (active >= 0) {
      sendAll(active);
      return;
    }
    List<SlaveDevice> slaves = bond.slaveDevices();
    int from = currentArpSlave < 0 ? 0 : currentArpSlave;
    int chosen = -1;
    // The first slave with a carrier after the one tried last (after the first slave when none
    // was), wrapping round to it.
    for (int step = 1; step <= slaves.size(); step++) {
      int i = (from + step) % slaves.size();
      if (slaves.get(i).carrier()) {
        chosen = i;
        break;
      }
    }
    for (SlaveDevice slave : slaves) {
      if (!slave.carrier() && slave.linkState() == LinkState.UP) {
        takeDown(slave, true);
      }
    }
    if (chosen < 0) {
      return;
    }
    SlaveDevice candidate = slaves.get(chosen);
    candidate.setLinkState(LinkState.BACK);
    candidate.setRole(false, false); // bond_set_slave_active_flags
    sendAll(chosen);
    lastLinkUp[chosen] = loop.now();
    currentArpSlave = chosen;
  }

  /** {@code bond_loadbalance_arp_mon}. */
  private void loadBalance() {
    List<SlaveDevice> slaves = bond.slaveDevices();
    boolean changed = false;
    boolean failover = false;
    int current = bond.activeSlave();
    for (int i = 0; i < slaves.size(); i++) {
      SlaveDevice slave = slaves.get(i);
      if (slave.linkState() != LinkState.UP) {
        if (inInterval(lastTx[i], 1) && inInterval(lastRx[i], 1)) {
          slave.setLinkState(LinkState.UP);
          slave.setRole(false, false);
          bond.history().record(slave.name(), "link_up");
          changed = true;
          failover |= current < 0;
        }
      } else if (!inInterval(lastTx[i], missedMax) || !inInterval(lastRx[i], missedMax)) {
        takeDown(slave, false); // bond_slave_state_change: backup, still receiving
        changed = true;
        failover |= i == current;
      }
      if (slave.carrier()) {
        sendAll(i);
      }
    }
    if (changed) {
      bond.afterCommit(failover);
    }
  }

  /**
   * Commits a slave's link down: a failure counted, the slave a backup (in active-backup also
   * inactive, {@code bond_set_slave_inactive_flags}), the event on the timeline.
   */
  private void takeDown(SlaveDevice slave, boolean inactive) {
    slave.setLinkState(LinkState.DOWN);
    slave.countLinkFailure();
    slave.setRole(true, inactive);
    bond.history().record(slave.name(), "link_down");
  }

  /**
   * {@code bond_arp_send_all}: one broadcast request per target, from the slave's MAC and the
   * bond's address, queued on the slave itself ({@code arp_xmit}), not through the bond.
   */
  private void sendAll(int index) {
    SlaveDevice slave = bond.slaveDevices().get(index);
    for (Ipv4Address target : targets) {
      ArpMessage request =
          new ArpMessage(ArpMessage.REQUEST, slave.mac().bits(), ourAddress, 0, target);
      Frame frame =
          new Frame(
              new EthernetHeader(
                  slave.mac(), MacAddress.BROADCAST, EthernetHeader.NO_VLAN, EtherType.ARP),
              null,
              null);
      requestsSent++;
      if (slave.carrier()) {
        slave.txPort().enqueue(new Packet(frame, request, requestsSent, loop.now()), false);
      }
    }
    lastTx[index] = loop.now(); // slave_update_last_tx
  }
}
