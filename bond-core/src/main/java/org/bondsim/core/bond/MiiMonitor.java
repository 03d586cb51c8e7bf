package org.bondsim.core.bond;

import org.bondsim.api.LinkState;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;

/**
 * The MII link monitor of one bond, as Linux's {@code bond_mii_monitor}: every {@code miimon} ms it
 * inspects each slave's carrier and moves it through UP → FAIL → DOWN and DOWN → BACK → UP,
 * counting {@code downdelay} and {@code updelay} in whole ticks (⌊delay / miimon⌋), then commits
 * the changes and, where Linux would, chooses the active slave again in the same tick.
 *
 * <p>A carrier change is therefore noticed only at the next tick. With {@code miimon 0} there is no
 * monitor and committed link states never change, as in Linux.
 */
public final class MiiMonitor {
  private final EventLoop loop;
  private final BondDevice bond;
  private final long intervalNs;
  private final int updelayTicks;
  private final int downdelayTicks;
  private final Event tick = (now, arg) -> onTick(now);

  /**
   * Builds the monitor of a bond with {@code miimon > 0}.
   *
   * @param loop the run's event loop
   * @param bond the bond
   * @param miimonMs the interval
   * @param updelayMs the updelay option
   * @param downdelayMs the downdelay option
   */
  public MiiMonitor(
      EventLoop loop, BondDevice bond, long miimonMs, long updelayMs, long downdelayMs) {
    if (miimonMs <= 0) {
      throw new IllegalArgumentException("miimon must be > 0 for a monitor, got " + miimonMs);
    }
    this.loop = loop;
    this.bond = bond;
    this.intervalNs = miimonMs * 1_000_000L;
    this.updelayTicks = (int) Math.min(Integer.MAX_VALUE, updelayMs / miimonMs);
    this.downdelayTicks = (int) Math.min(Integer.MAX_VALUE, downdelayMs / miimonMs);
  }

  /**
   * Starts ticking.
   *
   * @param firstTickNs when the first tick runs (the bond came up at some phase of the interval)
   */
  public void start(long firstTickNs) {
    loop.schedule(firstTickNs, tick, 0);
  }

  /**
   * Returns the tick interval.
   *
   * @return nanoseconds
   */
  public long intervalNs() {
    return intervalNs;
  }

  private void onTick(long now) {
    boolean changed = false;
    boolean reselect = false;
    boolean ignoreUpdelay = noUsableTransmitter();
    for (SlaveDevice slave : bond.slaveDevices()) {
      Commit commit = inspect(slave, ignoreUpdelay);
      if (commit == Commit.NONE) {
        continue;
      }
      changed = true;
      if (commit == Commit.DOWN) {
        slave.setLinkState(LinkState.DOWN);
        slave.countLinkFailure();
        bond.history().record(slave.name(), "link_down");
        if (bond.onlyActiveTransmits() || bond.runsLacp()) {
          slave.setRole(true, true);
        }
        if (bond.lacp() != null) {
          bond.lacp().linkCommitted(slave.index(), false);
        }
        if (bond.activeSlave() == slave.index()) {
          reselect = true;
        }
      } else {
        slave.setLinkState(LinkState.UP);
        bond.history().record(slave.name(), "link_up");
        if (!bond.onlyActiveTransmits() && !bond.runsLacp()) {
          slave.setRole(false, false);
        }
        if (bond.lacp() != null) {
          // bond_3ad_handle_link_change: LACP enables the port again once it negotiates.
          bond.lacp().linkCommitted(slave.index(), true);
        }
        int active = bond.activeSlave();
        if (active < 0 || slave == bond.primary()) {
          reselect = true;
        }
      }
    }
    if (changed) {
      bond.afterCommit(reselect);
    }
    loop.schedule(now + intervalNs, tick, 0);
  }

  private boolean noUsableTransmitter() {
    if (bond.usesActiveSlave()) {
      return bond.activeSlave() < 0;
    }
    for (SlaveDevice slave : bond.slaveDevices()) {
      if (slave.canTransmit()) {
        return false;
      }
    }
    return true;
  }

  private enum Commit {
    NONE,
    UP,
    DOWN
  }

  // Linux's bond_miimon_inspect, state by state.
  private Commit inspect(SlaveDevice slave, boolean ignoreUpdelay) {
    boolean carrier = slave.carrier();
    switch (slave.linkState()) {
      case UP:
        if (carrier) {
          return Commit.NONE;
        }
        slave.setLinkState(LinkState.FAIL);
        slave.setDelayTicks(downdelayTicks);
        return countDown(slave);
      case FAIL:
        if (carrier) {
          slave.setLinkState(LinkState.UP);
          return Commit.NONE;
        }
        return countDown(slave);
      case DOWN:
        if (!carrier) {
          return Commit.NONE;
        }
        slave.setLinkState(LinkState.BACK);
        slave.setDelayTicks(updelayTicks);
        return countUp(slave, ignoreUpdelay);
      case BACK:
        if (!carrier) {
          slave.setLinkState(LinkState.DOWN);
          return Commit.NONE;
        }
        return countUp(slave, ignoreUpdelay);
      default:
        throw new IllegalStateException("unknown link state " + slave.linkState());
    }
  }

  private static Commit countDown(SlaveDevice slave) {
    if (slave.delayTicks() <= 0) {
      return Commit.DOWN;
    }
    slave.setDelayTicks(slave.delayTicks() - 1);
    return Commit.NONE;
  }

  private static Commit countUp(SlaveDevice slave, boolean ignoreUpdelay) {
    if (ignoreUpdelay) {
      slave.setDelayTicks(0);
    }
    if (slave.delayTicks() <= 0) {
      return Commit.UP;
    }
    slave.setDelayTicks(slave.delayTicks() - 1);
    return Commit.NONE;
  }
}
