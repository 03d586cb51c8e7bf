package org.bondsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bondsim.api.Bond;
import org.bondsim.api.DropReason;
import org.bondsim.api.Link;
import org.bondsim.api.LinkState;
import org.bondsim.api.RandomSource;
import org.bondsim.api.Slave;
import org.bondsim.api.SlaveCounters;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.CoreNeed;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.core.bond.PluginFault;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.BondFactory;
import org.bondsim.core.scenario.BondSpec;

/**
 * Any registered mode's transmit choice, plugins included, for {@code xmit-hash --bond}: the mode
 * is created as a bond would create it (its options resolved by {@link BondFactory}) on a bond
 * whose slaves are all up at 1 Gbit/s (with one active slave for the modes that need one), and each
 * frame, a full-sized TCP segment of the given headers, is handed to its {@code select}. No time
 * passes: timers a mode schedules (balance-tlb's rebalancing, learning packets) never run, so a
 * load-balancing mode shows its first assignment. Each slave counts the frames it was given, so a
 * mode that reads its slaves' counters sees the load it made.
 */
final class ModeSelector {
  /** A full-sized TCP segment over IPv4 with timestamps: 1448 bytes of payload. */
  private static final int PAYLOAD = 1448;

  private static final int L3 = 1500;
  private static final int FRAME = 1514;

  private final TxPolicyProvider provider;
  private final TxPolicy policy;
  private final StaticBond bond;
  private final String origin;

  private ModeSelector(TxPolicyProvider provider, TxPolicy policy, StaticBond bond, String origin) {
    this.provider = provider;
    this.policy = policy;
    this.bond = bond;
    this.origin = origin;
  }

  static ModeSelector of(String bondWords, int slaves, long seed) {
    BondFactory.ResolvedBond resolved;
    try {
      resolved =
          new BondFactory(PolicyRegistry.load()).resolve(BondSpec.parse(bondWords), Map.of());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--bond: " + e.getMessage());
    }
    TxPolicyProvider provider = resolved.entry().provider();
    StaticBond bond =
        new StaticBond(
            provider.mode(),
            resolved.options(),
            slaves,
            provider.needs().contains(CoreNeed.ACTIVE_SLAVE_ONLY));
    TxPolicy policy;
    try {
      policy = provider.create(new StaticContext(bond, seed), resolved.options());
      policy.onSlavesChanged(bond);
    } catch (RuntimeException e) {
      throw new PluginFault(provider, "threw while its bond was created: " + e, e);
    }
    return new ModeSelector(provider, policy, bond, resolved.entry().origin());
  }

  String mode() {
    return provider.mode();
  }

  String origin() {
    return origin;
  }

  /** Whether the mode spreads one flow's packets over the slaves (balance-rr). */
  boolean spraysPackets() {
    return provider.characteristics().contains(Characteristic.SPRAYS_PACKETS);
  }

  /**
   * The mode's choice for one frame.
   *
   * @param frame the headers
   * @return a slave index, {@link TxPolicy#ALL_UP_SLAVES} or {@link TxPolicy#NO_SLAVE}
   */
  int select(Frame frame) {
    int slave = PluginFault.select(policy, new OneFrame(frame), bond, bond.slaves.size());
    if (slave == TxPolicy.ALL_UP_SLAVES) {
      for (StaticSlave s : bond.slaves) {
        s.sent();
      }
      return slave;
    }
    if (slave == TxPolicy.NO_SLAVE) {
      return slave;
    }
    bond.slaves.get(slave).sent();
    return slave;
  }

  /** One frame as a policy sees it. */
  private record OneFrame(Frame frame) implements OutgoingFrame {
    @Override
    public int payloadBytes() {
      return PAYLOAD;
    }

    @Override
    public int l3Bytes() {
      return L3;
    }

    @Override
    public int frameBytes() {
      return FRAME;
    }

    @Override
    public int segments() {
      return 1;
    }

    @Override
    public long linkSource() {
      return frame.ethernet().source().bits();
    }

    @Override
    public long linkDestination() {
      return frame.ethernet().destination().bits();
    }

    @Override
    public boolean linkDestinationIsGroup() {
      return MacAddress.isGroup(frame.ethernet().destination().bits());
    }
  }

  /** A bond whose slaves stay up. */
  private static final class StaticBond implements Bond {
    private final String mode;
    private final Options options;
    private final List<StaticSlave> slaves = new ArrayList<>();

    StaticBond(String mode, Options options, int count, boolean activeOnly) {
      this.mode = mode;
      this.options = options;
      for (int i = 0; i < count; i++) {
        slaves.add(new StaticSlave(i, activeOnly && i != 0));
      }
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
      return slaves;
    }

    @Override
    public int activeSlave() {
      return 0;
    }

    @Override
    public Options options() {
      return options;
    }
  }

  /** A gigabit slave that is up, counting what it is given. */
  private static final class StaticSlave implements Slave, Link, SlaveCounters {
    private final int index;
    private final boolean backup;
    private long packets;

    StaticSlave(int index, boolean backup) {
      this.index = index;
      this.backup = backup;
    }

    void sent() {
      packets++;
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
      return true;
    }

    @Override
    public LinkState linkState() {
      return LinkState.UP;
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
      // Locally administered, one per slave, as a lab would number them.
      return new MacAddress(0x0200_0000_0000L | (index + 1));
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
      return org.bondsim.core.wire.LinkSpec.ETHERNET_OVERHEAD;
    }

    @Override
    public long txPackets() {
      return packets;
    }

    @Override
    public long txBytes() {
      return packets * FRAME;
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

  /** A context in which no time passes. */
  private record StaticContext(Bond bond, RandomSource random) implements PolicyContext {
    StaticContext(Bond bond, long seed) {
      this(bond, new org.bondsim.core.engine.SeededRandom(seed));
    }

    @Override
    public long now() {
      return 0;
    }

    @Override
    public void schedule(long delayNs, Runnable task) {
      // No time passes in a spread: the task would run after every frame is chosen.
    }
  }
}
