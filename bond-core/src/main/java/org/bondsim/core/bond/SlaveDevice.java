package org.bondsim.core.bond;

import org.bondsim.api.LinkState;
import org.bondsim.api.Slave;
import org.bondsim.api.SlaveCounters;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.Port;
import org.bondsim.core.wire.SlaveStats;

/** One enslaved NIC: its link, its transmit port, its MAC and the bond's state for it. */
public final class SlaveDevice implements Slave {
  private final String name;
  private final int index;
  private final EthernetLink link;
  private final SlaveStats stats;
  private final MacAddress permanentMac;
  private MacAddress mac;
  private boolean promiscuous;
  private Port txPort;
  private LinkState linkState = LinkState.UP;
  private int delayTicks;
  private boolean backup;
  private boolean inactive;
  private long linkFailures;

  /**
   * Builds a slave.
   *
   * @param name interface name
   * @param index position in the slave list
   * @param link its link
   * @param stats its counters
   */
  public SlaveDevice(String name, int index, EthernetLink link, SlaveStats stats) {
    this(name, index, link, stats, new MacAddress(0x0200_00FF_0001L + index));
  }

  /**
   * Builds a slave with its burned-in MAC address.
   *
   * @param name interface name
   * @param index position in the slave list
   * @param link its link
   * @param stats its counters
   * @param permanentMac its own address ({@code perm_hwaddr})
   */
  public SlaveDevice(
      String name, int index, EthernetLink link, SlaveStats stats, MacAddress permanentMac) {
    this.name = name;
    this.index = index;
    this.link = link;
    this.stats = stats;
    this.permanentMac = permanentMac;
    this.mac = permanentMac;
  }

  /**
   * Returns the slave's own, burned-in address.
   *
   * @return the address
   */
  public MacAddress permanentMac() {
    return permanentMac;
  }

  @Override
  public MacAddress mac() {
    return mac;
  }

  void setMac(MacAddress mac) {
    this.mac = mac;
  }

  void setPromiscuous(boolean on) {
    this.promiscuous = on;
  }

  /**
   * Returns whether this NIC's address filter passes a frame: a group destination, its own current
   * MAC, or anything in promiscuous mode.
   *
   * @param destinationBits the frame's destination MAC
   * @return true if the NIC takes the frame
   */
  public boolean accepts(long destinationBits) {
    return promiscuous || destinationBits == mac.bits() || MacAddress.isGroup(destinationBits);
  }

  /**
   * Plugs the slave into the port it transmits on.
   *
   * @param port the port
   */
  public void attachTxPort(Port port) {
    this.txPort = port;
  }

  /**
   * Returns the port this slave transmits on.
   *
   * @return the port
   */
  public Port txPort() {
    return txPort;
  }

  /**
   * Returns the mutable counters.
   *
   * @return the counters
   */
  public SlaveStats stats() {
    return stats;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public int index() {
    return index;
  }

  @Override
  public EthernetLink link() {
    return link;
  }

  @Override
  public boolean carrier() {
    return link.carrier();
  }

  @Override
  public LinkState linkState() {
    return linkState;
  }

  void setLinkState(LinkState state) {
    this.linkState = state;
  }

  int delayTicks() {
    return delayTicks;
  }

  void setDelayTicks(int ticks) {
    this.delayTicks = ticks;
  }

  @Override
  public boolean isBackup() {
    return backup;
  }

  @Override
  public boolean isInactive() {
    return inactive;
  }

  void setRole(boolean backup, boolean inactive) {
    this.backup = backup;
    this.inactive = inactive;
  }

  /**
   * Returns how often the monitor committed this slave DOWN ({@code link_failure_count}).
   *
   * @return the count
   */
  public long linkFailures() {
    return linkFailures;
  }

  void countLinkFailure() {
    linkFailures++;
  }

  @Override
  public SlaveCounters counters() {
    return stats;
  }

  @Override
  public String toString() {
    return name;
  }
}
