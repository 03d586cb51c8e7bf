package org.bondsim.core.bond;

import org.bondsim.api.LinkState;
import org.bondsim.api.option.Options;

/**
 * Chooses a bond's current active slave as Linux's {@code bond_find_best_slave} and {@code
 * bond_choose_primary_or_current} do: the primary if it is up and the reselect policy lets it, else
 * the current one while it is up, else the first slave that is up in list order, else the
 * recovering slave with the least {@code updelay} left.
 *
 * <p>Per-slave {@code prio} (netlink only) is not modelled: every slave has prio 0, so where Linux
 * would prefer the highest-prio slave it prefers the first one that is up.
 */
final class ActiveSlaveSelector {
  private final BondDevice bond;
  private final String primaryName;
  private final String reselect;
  // Linux sets force_primary when a primary is configured, so the first selection takes it.
  private boolean forcePrimary;

  ActiveSlaveSelector(BondDevice bond, Options options) {
    this.bond = bond;
    this.primaryName =
        options.has(BondOptions.PRIMARY) ? options.getString(BondOptions.PRIMARY) : "";
    this.reselect =
        options.has(BondOptions.PRIMARY_RESELECT)
            ? options.getString(BondOptions.PRIMARY_RESELECT)
            : "always";
    this.forcePrimary = !primaryName.isEmpty();
  }

  SlaveDevice primary() {
    if (primaryName.isEmpty() || !bond.usesActiveSlave()) {
      return null;
    }
    for (SlaveDevice slave : bond.slaveDevices()) {
      if (slave.name().equals(primaryName)) {
        return slave;
      }
    }
    return null;
  }

  SlaveDevice findBest(SlaveDevice current) {
    SlaveDevice chosen = choosePrimaryOrCurrent(current);
    if (chosen != null) {
      return chosen;
    }
    SlaveDevice best = null;
    int minTicks = updelayTicks();
    for (SlaveDevice slave : bond.slaveDevices()) {
      if (slave.linkState() == LinkState.UP) {
        return slave;
      }
      if (slave.linkState() == LinkState.BACK && slave.carrier() && slave.delayTicks() < minTicks) {
        minTicks = slave.delayTicks();
        best = slave;
      }
    }
    return best;
  }

  private SlaveDevice choosePrimaryOrCurrent(SlaveDevice current) {
    SlaveDevice primary = primary();
    if (primary == null || primary.linkState() != LinkState.UP) {
      // With every prio equal, the "highest prio" slave is the first one that is up.
      SlaveDevice highest = null;
      for (SlaveDevice slave : bond.slaveDevices()) {
        if (slave.linkState() == LinkState.UP) {
          highest = slave;
          break;
        }
      }
      if (highest != null && highest != current) {
        return reselect(highest, current);
      }
      return current != null && current.linkState() == LinkState.UP ? current : null;
    }
    if (forcePrimary) {
      forcePrimary = false;
      return primary;
    }
    return reselect(primary, current);
  }

  private SlaveDevice reselect(SlaveDevice preferred, SlaveDevice current) {
    if (current == null || current.linkState() != LinkState.UP) {
      return preferred;
    }
    switch (reselect) {
      case "better":
        // Full duplex everywhere, so only speed decides.
        return preferred.link().speedMbps() > current.link().speedMbps() ? preferred : current;
      case "failure":
        return current;
      default:
        return preferred;
    }
  }

  private int updelayTicks() {
    long miimon =
        bond.options().has(BondOptions.MIIMON) ? bond.options().getLong(BondOptions.MIIMON) : 0;
    if (miimon <= 0) {
      return 0;
    }
    return (int) (bond.options().getLong(BondOptions.UPDELAY) / miimon);
  }
}
