package org.bondsim.core.bond;

import org.bondsim.api.LinkState;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Lacpdu;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.lacp.AggregatorSelection;
import org.bondsim.core.lacp.LacpHost;
import org.bondsim.core.lacp.LacpPort;
import org.bondsim.core.lacp.LacpSettings;
import org.bondsim.core.lacp.LacpSystem;

/**
 * A bond's 802.3ad side: its {@link LacpSystem} with a port per slave, ticking every 100 ms from
 * the moment the bond comes up ({@code bond_open} queues {@code ad_work} at once), sending LACPDUs
 * from each slave's permanent MAC to 01:80:c2:00:00:02, and turning a port's collecting and
 * distributing into the slave's active or inactive flags ({@code __enable_port}, {@code
 * __disable_port}), which the transmit hash and the receive filter read.
 */
public final class Bond3ad implements LacpHost {
  /** {@code AD_TIMER_INTERVAL}. */
  public static final long TICK_NS = 100_000_000L;

  private final EventLoop loop;
  private final BondDevice bond;
  private final LacpSystem system;
  private final Event tick = (now, arg) -> onTick(now);
  private long sent;

  /**
   * Builds the LACP side of a bond with its slaves already enslaved.
   *
   * @param loop the event loop
   * @param bond the bond
   * @param options the bond's options (the 802.3ad mode's among them)
   */
  public Bond3ad(EventLoop loop, BondDevice bond, Options options) {
    this.loop = loop;
    this.bond = bond;
    this.system = new LacpSystem(settings(options, bond.mac()), this);
    for (SlaveDevice slave : bond.slaveDevices()) {
      system.addPort((int) slave.link().speedMbps(), slave.carrier());
    }
  }

  /**
   * Reads the 802.3ad options ({@code bond_3ad_initialize}: the system MAC is {@code
   * ad_actor_system} unless it is all zeros, then the bond's).
   *
   * @param options the bond's options
   * @param bondMac the bond's MAC
   * @return the settings
   */
  public static LacpSettings settings(Options options, MacAddress bondMac) {
    String systemText = options.getString("ad_actor_system");
    MacAddress system;
    try {
      system = MacAddress.parse(systemText);
    } catch (IllegalArgumentException e) {
      throw OptionException.mustBe(
          "ad_actor_system", "a MAC address like 02:00:00:00:00:01", "'" + systemText + "'");
    }
    if (system.isMulticast()) {
      // bond_option_ad_actor_system_set: "Invalid ad_actor_system MAC address."
      throw OptionException.mustBe(
          "ad_actor_system", "a unicast MAC address", "'" + systemText + "'");
    }
    long mac = system.bits() == 0 ? bondMac.bits() : system.bits();
    return new LacpSettings(
        options.getString("lacp_active").equals("on"),
        options.getString("lacp_rate").equals("fast"),
        AggregatorSelection.parse(options.getString("ad_select")),
        options.getInt("min_links"),
        options.getInt("ad_actor_sys_prio"),
        mac,
        options.getInt("ad_user_port_key"),
        LacpSettings.BOND_SELECTION_TIMER_TICKS);
  }

  /**
   * Starts the state machines.
   *
   * @param firstTickNs when the first tick runs
   */
  public void start(long firstTickNs) {
    loop.schedule(firstTickNs, tick, 0);
  }

  private void onTick(long now) {
    system.tick();
    loop.schedule(now + TICK_NS, tick, 0);
  }

  /**
   * Returns the LACP system.
   *
   * @return the system
   */
  public LacpSystem system() {
    return system;
  }

  /**
   * Returns LACPDUs this bond sent.
   *
   * @return frames
   */
  public long sent() {
    return sent;
  }

  void receive(int slave, Lacpdu pdu) {
    system.receive(slave, pdu);
  }

  void linkCommitted(int slave, boolean up) {
    system.linkChanged(slave, up);
  }

  @Override
  public void transmit(int port, Lacpdu pdu) {
    SlaveDevice slave = bond.slaveDevices().get(port);
    if (!slave.carrier()) {
      return; // the slave's noop qdisc would discard it
    }
    Frame frame =
        new Frame(
            new EthernetHeader(
                slave.permanentMac(),
                Lacpdu.SLOW_PROTOCOLS_ADDRESS,
                EthernetHeader.NO_VLAN,
                EtherType.SLOW),
            null,
            null);
    slave.txPort().enqueue(new Packet(frame, pdu, sent++, loop.now()), false);
  }

  @Override
  public boolean linkUp(int port) {
    SlaveDevice slave = bond.slaveDevices().get(port);
    return slave.linkState() == LinkState.UP && slave.carrier();
  }

  @Override
  public void setCollectingDistributing(int port, boolean on) {
    setRole(port);
  }

  /**
   * A slave receives while its port is enabled ({@code slave->inactive}) and transmits only if,
   * besides, its port's aggregator is the active one: {@code bond_update_slave_arr} lists only the
   * active aggregator's slaves.
   */
  private void setRole(int index) {
    LacpPort port = system.ports().get(index);
    boolean enabled = port.distributing();
    boolean transmits = enabled && port.aggregator() != null && port.aggregator().active();
    bond.slaveDevices().get(index).setRole(!transmits, !enabled);
  }

  @Override
  public void distributingChanged() {
    for (int i = 0; i < system.ports().size(); i++) {
      setRole(i);
    }
    bond.afterLacpChange();
  }

  @Override
  public void event(int port, String event) {
    bond.history().record(bond.slaveDevices().get(port).name(), event);
  }
}
