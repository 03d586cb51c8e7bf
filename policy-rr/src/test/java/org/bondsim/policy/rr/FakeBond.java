package org.bondsim.policy.rr;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.Bond;
import org.bondsim.api.DropReason;
import org.bondsim.api.Link;
import org.bondsim.api.LinkState;
import org.bondsim.api.Slave;
import org.bondsim.api.SlaveCounters;
import org.bondsim.api.option.Options;

/** A bond whose slaves' carrier and state a test sets directly. */
final class FakeBond implements Bond {
  final List<FakeSlave> slaves = new ArrayList<>();
  int active = 0;

  FakeBond(int count) {
    for (int i = 0; i < count; i++) {
      slaves.add(new FakeSlave(i));
    }
  }

  @Override
  public String name() {
    return "bond0";
  }

  @Override
  public String mode() {
    return "balance-rr";
  }

  @Override
  public List<FakeSlave> slaves() {
    return slaves;
  }

  @Override
  public int activeSlave() {
    return active;
  }

  @Override
  public Options options() {
    return Options.defaults(List.of());
  }

  static final class FakeSlave implements Slave, Link, SlaveCounters {
    final int index;
    boolean carrier = true;
    LinkState state = LinkState.UP;

    FakeSlave(int index) {
      this.index = index;
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
      return state;
    }

    @Override
    public boolean isBackup() {
      return false;
    }

    @Override
    public org.bondsim.api.packet.MacAddress mac() {
      return new org.bondsim.api.packet.MacAddress(0x0200_0000_0100L + index);
    }

    @Override
    public boolean isInactive() {
      return false;
    }

    @Override
    public SlaveCounters counters() {
      return this;
    }

    @Override
    public long rateBitsPerSecond() {
      return 1_000_000_000L;
    }

    @Override
    public long propagationDelayNs() {
      return 0;
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
  }
}
