package org.bondsim.core.lacp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bondsim.api.packet.LacpPortInfo;
import org.bondsim.api.packet.Lacpdu;

/**
 * One LACP system: a bond in 802.3ad mode ({@code struct ad_bond_info}) or a switch's port channel.
 * It owns a port and an aggregator per member link, runs their machines every 100 ms ({@code
 * bond_3ad_state_machine_handler}: receive, periodic, selection, mux, transmit, port by port),
 * takes LACPDUs as they arrive ({@code bond_3ad_rx_indication}) and chooses the active aggregator
 * ({@code ad_agg_selection_logic}). Its carrier follows {@code min_links} ({@code
 * bond_3ad_set_carrier}).
 */
public final class LacpSystem {
  private final LacpSettings settings;
  private final LacpHost host;
  private final List<LacpPort> ports = new ArrayList<>();
  private final List<Aggregator> aggregators = new ArrayList<>();
  private int selectionTimer;
  private boolean distributingChanged;
  private boolean carrier;

  /**
   * Builds a system with no ports.
   *
   * @param settings the system's settings
   * @param host the device it runs on
   */
  public LacpSystem(LacpSettings settings, LacpHost host) {
    if (settings == null || host == null) {
      throw new IllegalArgumentException("a LACP system needs settings and a host");
    }
    this.settings = settings;
    this.host = host;
    // bond_3ad_initialize: the first aggregator selection waits for the selection timer.
    this.selectionTimer = settings.selectionTimerTicks();
  }

  /**
   * Adds the next port ({@code bond_3ad_bind_slave}): it starts disabled and gets an aggregator of
   * its own, numbered from 1.
   *
   * @param speedMbps the link's speed, part of the port's key
   * @param linkUp whether the link is up now
   * @return the port
   */
  public LacpPort addPort(int speedMbps, boolean linkUp) {
    LacpPort port = new LacpPort(this, ports.size(), speedMbps, linkUp);
    ports.add(port);
    aggregators.add(new Aggregator(aggregators.size() + 1));
    host.setCollectingDistributing(port.index(), false);
    return port;
  }

  LacpSettings settings() {
    return settings;
  }

  LacpHost host() {
    return host;
  }

  int selectionTimer() {
    return selectionTimer;
  }

  /**
   * Returns whether the first aggregator selection's timer has run out, so ports may collect and
   * distribute.
   *
   * @return true once it has
   */
  public boolean selectionTimerExpired() {
    return selectionTimer == 0;
  }

  /**
   * Returns the ports in member order.
   *
   * @return the ports
   */
  public List<LacpPort> ports() {
    return Collections.unmodifiableList(ports);
  }

  /**
   * Returns the aggregators, one per port, in member order.
   *
   * @return the aggregators
   */
  public List<Aggregator> aggregators() {
    return Collections.unmodifiableList(aggregators);
  }

  /**
   * Returns the active aggregator ({@code __get_active_agg}).
   *
   * @return the aggregator, or null
   */
  public Aggregator activeAggregator() {
    for (Aggregator aggregator : aggregators) {
      if (aggregator.active) {
        return aggregator;
      }
    }
    return null;
  }

  /**
   * Returns the system's carrier: an active aggregator with at least {@code min_links} active
   * ports.
   *
   * @return true if up
   */
  public boolean carrier() {
    return carrier;
  }

  /**
   * Returns the system priority.
   *
   * @return the priority
   */
  public int systemPriority() {
    return settings.systemPriority();
  }

  /**
   * Returns the settings' system MAC.
   *
   * @return MAC bits
   */
  public long systemMac() {
    return settings.systemMac();
  }

  /** One 100 ms tick of every machine, as {@code bond_3ad_state_machine_handler}. */
  public void tick() {
    if (selectionTimer > 0 && --selectionTimer == 0 && !ports.isEmpty()) {
      selectAggregator();
    }
    for (LacpPort port : ports) {
      port.rxMachine(null);
      port.periodicMachine();
      selectPort(port);
      port.muxMachine();
      port.txMachine();
      port.begin = false;
    }
    flushChanges();
  }

  /**
   * A LACPDU arrived on a port ({@code bond_3ad_lacpdu_recv}); the receive machine runs at once.
   *
   * @param port the port's index
   * @param pdu the LACPDU
   */
  public void receive(int port, Lacpdu pdu) {
    ports.get(port).rxMachine(pdu);
    flushChanges();
  }

  /**
   * The port's link changed ({@code bond_3ad_handle_link_change}): a port that fails stops
   * collecting and distributing at once, its key loses speed and duplex, and the active aggregator
   * is chosen again.
   *
   * @param index the port
   * @param up the new state
   */
  public void linkChanged(int index, boolean up) {
    LacpPort port = ports.get(index);
    port.enabled = up;
    if (!up) {
      disable(port);
    }
    port.updateActorKeys(!up);
    selectAggregator();
    distributingChanged = true;
    flushChanges();
  }

  private void flushChanges() {
    if (distributingChanged) {
      distributingChanged = false;
      host.distributingChanged();
    }
  }

  void enable(LacpPort port) {
    if (!port.distributing && host.linkUp(port.index())) {
      setDistributing(port, true);
    }
  }

  void disable(LacpPort port) {
    if (port.distributing) {
      setDistributing(port, false);
    }
  }

  private void setDistributing(LacpPort port, boolean on) {
    port.distributing = on;
    port.enabledAsIndividual = false;
    distributingChanged = true;
    host.setCollectingDistributing(port.index(), on);
    host.event(port.index(), on ? "aggregator_join" : "aggregator_leave");
  }

  // ---------------------------------------------------------------- selection logic

  /** {@code ad_port_selection_logic}: an unselected port finds (or takes) an aggregator. */
  private void selectPort(LacpPort port) {
    if (port.selected) {
      return;
    }
    if (port.aggregator != null) {
      Aggregator old = port.aggregator;
      old.ports().remove(port);
      port.aggregator = null;
      if (old.ports().isEmpty()) {
        old.clear();
      }
    }
    LacpPortInfo partner = port.partnerOper;
    Aggregator free = null;
    for (Aggregator aggregator : aggregators) {
      if (aggregator.ports().isEmpty()) {
        if (free == null) {
          free = aggregator;
        }
        continue;
      }
      if (aggregator.actorKey == port.actorOperKey
          && aggregator.partnerSystem == partner.system()
          && aggregator.partnerSystemPriority == partner.systemPriority()
          && aggregator.partnerKey == partner.key()
          && aggregator.hasPartner()
          && !aggregator.individual) {
        port.aggregator = aggregator;
        aggregator.ports().add(0, port);
        port.selected = true;
        distributingChanged = true;
        break;
      }
    }
    if (port.aggregator == null) {
      if (free == null) {
        return; // "Port %d did not find a suitable aggregator"
      }
      port.aggregator = free;
      free.individual = (port.actorOperKey & 1) == 0;
      free.actorKey = port.actorOperKey;
      free.partnerSystem = partner.system();
      free.partnerSystemPriority = partner.systemPriority();
      free.partnerKey = partner.key();
      free.ports().add(port);
      port.selected = true;
      distributingChanged = true;
    }
    port.aggregator.setPortsReady(port.aggregator.portsReady());
    selectAggregator();
    if (!port.aggregator.active) {
      port.actorState &= ~LacpPortInfo.SYNCHRONIZATION;
    }
  }

  /** {@code ad_agg_selection_logic}: choose the active aggregator by {@code ad_select}. */
  void selectAggregator() {
    Aggregator active = activeAggregator();
    Aggregator best = active != null && deviceUp(active) ? active : null;
    for (Aggregator aggregator : aggregators) {
      aggregator.active = false;
      if (aggregator.activePorts() > 0 && deviceUp(aggregator)) {
        best = better(best, aggregator);
      }
    }
    if (best != null && settings.selection() == AggregatorSelection.STABLE) {
      // Keep the old active aggregator while it still has active ports and answers (or neither
      // it nor the best one does).
      if (active != null
          && !active.ports().isEmpty()
          && active.activePorts() > 0
          && (active.hasPartner() || !best.hasPartner())
          && !(active.actorKey == 0 && best.actorKey != 0)) {
        best = null;
        active.active = true;
      }
    }
    if (best != null && best == active) {
      best = null;
      active.active = true;
    }
    if (best != null) {
      best.active = true;
      if (active != null) {
        for (LacpPort port : active.ports()) {
          disable(port);
        }
      }
      distributingChanged = true;
    }
    Aggregator now = activeAggregator();
    if (now != null && !now.hasPartner()) {
      // An aggregator of individuals (no partner answered) carries traffic all the same.
      for (LacpPort port : now.ports()) {
        enable(port);
        port.enabledAsIndividual = port.distributing;
      }
      distributingChanged = true;
    }
    carrier = now != null && now.activePorts() >= settings.minLinks();
  }

  /** {@code agg_device_up}: some port of the aggregator has its link up. */
  private boolean deviceUp(Aggregator aggregator) {
    for (LacpPort port : aggregator.ports()) {
      if (host.linkUp(port.index())) {
        return true;
      }
    }
    return false;
  }

  /** {@code ad_agg_selection_test}. */
  private Aggregator better(Aggregator best, Aggregator current) {
    if (best == null) {
      return current;
    }
    if (!current.individual && best.individual) {
      return current;
    }
    if (current.individual && !best.individual) {
      return best;
    }
    if (current.hasPartner() && !best.hasPartner()) {
      return current;
    }
    if (!current.hasPartner() && best.hasPartner()) {
      return best;
    }
    if (settings.selection() == AggregatorSelection.COUNT) {
      if (current.activePorts() > best.activePorts()) {
        return current;
      }
      if (current.activePorts() < best.activePorts()) {
        return best;
      }
    }
    return current.bandwidthMbps() > best.bandwidthMbps() ? current : best;
  }
}
