package org.bondsim.api;

import java.util.List;
import org.bondsim.api.option.Options;

/** A bond device as a transmit policy sees it: its ordered slave list and its settings. */
public interface Bond {
  /**
   * Returns the bond's interface name.
   *
   * @return a name such as {@code bond0}
   */
  String name();

  /**
   * Returns the bonding mode's name.
   *
   * @return a mode name such as {@code balance-rr}
   */
  String mode();

  /**
   * Returns every slave in enslave order, including ones that are down.
   *
   * @return an unmodifiable list, indexed by {@link Slave#index()}
   */
  List<? extends Slave> slaves();

  /**
   * Returns the number of slaves, as Linux's {@code bond->slave_cnt}.
   *
   * @return the slave count
   */
  default int slaveCount() {
    return slaves().size();
  }

  /**
   * Returns one slave.
   *
   * @param index position in the slave list
   * @return the slave
   */
  default Slave slave(int index) {
    return slaves().get(index);
  }

  /**
   * Returns the current active slave ({@code curr_active_slave}) of a mode that keeps one, as
   * active-backup does.
   *
   * @return its index, or -1 when there is none
   */
  int activeSlave();

  /**
   * Returns the bond's effective options: per-bond settings over module-parameter defaults.
   *
   * @return the options
   */
  Options options();
}
