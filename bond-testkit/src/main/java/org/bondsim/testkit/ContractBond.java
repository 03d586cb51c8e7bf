package org.bondsim.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bondsim.api.Bond;
import org.bondsim.api.DropReason;
import org.bondsim.api.Link;
import org.bondsim.api.LinkState;
import org.bondsim.api.Slave;
import org.bondsim.api.SlaveCounters;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.policy.CoreNeed;

/**
 * A bond built from the API alone, for running a policy's {@code select} against generated slave
 * sets and link changes without the simulator. Link state follows the carrier at once (as if {@code
 * miimon} reacted instantly), and the active slave is the current one while it can transmit, else
 * the first that can (Linux's {@code bond_find_best_slave} without a primary). In an {@link
 * CoreNeed#ACTIVE_SLAVE_ONLY} mode the other slaves are backups.
 */
public final class ContractBond implements Bond {
  private final String mode;
  private final Options options;
  private final Set<CoreNeed> needs;
  private final List<ContractSlave> slaves = new ArrayList<>();
  private int active = -1;

  /**
   * Builds the bond.
   *
   * @param mode the mode's name
   * @param needs what the mode needs from the bond
   * @param options the resolved options
   * @param specs the slaves
   */
  public ContractBond(String mode, Set<CoreNeed> needs, Options options, List<SlaveSpec> specs) {
    this.mode = mode;
    this.options = options;
    this.needs = needs.isEmpty() ? EnumSet.noneOf(CoreNeed.class) : EnumSet.copyOf(needs);
    for (int i = 0; i < specs.size(); i++) {
      slaves.add(new ContractSlave(i, specs.get(i)));
    }
    reselect();
  }

  /**
   * Applies a link change and chooses the active slave again.
   *
   * @param change the change
   */
  public void apply(LinkChange change) {
    ContractSlave slave = slaves.get(change.slave());
    switch (change.kind()) {
      case DOWN -> slave.carrier = false;
      case UP -> slave.carrier = true;
      case DELAY -> slave.delayNs = change.delayNs();
    }
    reselect();
  }

  private void reselect() {
    if (active < 0 || !slaves.get(active).carrier) {
      active = -1;
      for (ContractSlave slave : slaves) {
        if (slave.carrier) {
          active = slave.index;
          break;
        }
      }
    }
    boolean onlyActive = needs.contains(CoreNeed.ACTIVE_SLAVE_ONLY);
    for (ContractSlave slave : slaves) {
      slave.backup = onlyActive && slave.index != active;
    }
  }

  /**
   * Returns the indexes of the slaves that can transmit now.
   *
   * @return the usable slaves in slave order
   */
  public List<Integer> usable() {
    List<Integer> usable = new ArrayList<>();
    for (ContractSlave slave : slaves) {
      if (slave.canTransmit()) {
        usable.add(slave.index);
      }
    }
    return usable;
  }

  @Override
  public String name() {
    return "bond0";
  }

  @Override
  public String mode() {
    return mode;
  }

  @Override
  public List<? extends Slave> slaves() {
    return Collections.unmodifiableList(slaves);
  }

  @Override
  public int activeSlave() {
    return active;
  }

  @Override
  public Options options() {
    return options;
  }

  /** One slave: its own link and counters. */
  static final class ContractSlave implements Slave, Link, SlaveCounters {
    private final int index;
    private final long speedMbps;
    private long delayNs;
    private boolean carrier;
    private boolean backup;

    ContractSlave(int index, SlaveSpec spec) {
      this.index = index;
      this.speedMbps = spec.speedMbps();
      this.delayNs = spec.delayNs();
      this.carrier = spec.up();
    }

    @Override
    public String name() {
      return "eth" + index;
    }

    @Override
    public int index() {
      return index;
    }

    @Override
    public Link link() {
      return this;
    }

    @Override
    public boolean carrier() {
      return carrier;
    }

    @Override
    public LinkState linkState() {
      return carrier ? LinkState.UP : LinkState.DOWN;
    }

    @Override
    public boolean isBackup() {
      return backup;
    }

    @Override
    public boolean isInactive() {
      return backup;
    }

    @Override
    public MacAddress mac() {
      return new MacAddress(0x0200_0000_1000L + index);
    }

    @Override
    public SlaveCounters counters() {
      return this;
    }

    @Override
    public long rateBitsPerSecond() {
      return speedMbps * 1_000_000L;
    }

    @Override
    public long propagationDelayNs() {
      return delayNs;
    }

    @Override
    public int mtu() {
      return 1500;
    }

    @Override
    public int wireOverheadBytes() {
      return 20;
    }

    @Override
    public long txPackets() {
      return 0;
    }

    @Override
    public long txBytes() {
      return 0;
    }

    @Override
    public long rxPackets() {
      return 0;
    }

    @Override
    public long rxBytes() {
      return 0;
    }

    @Override
    public long drops(DropReason reason) {
      return 0;
    }

    @Override
    public String toString() {
      return name();
    }
  }
}
