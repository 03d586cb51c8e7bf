package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.core.bond.Bond3ad;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.lacp.Aggregator;
import org.bondsim.core.lacp.LacpPort;
import org.bondsim.core.lacp.LacpSystem;
import org.bondsim.core.wire.LearningSwitch;
import org.bondsim.core.wire.PortChannel;
import org.bondsim.core.wire.PortChannelSpec;

/**
 * Link aggregation in a run: LACP on every 802.3ad bond, the switch's port channels for the modes
 * that need a trunk, and the wait before the test until LACP has put the links to work, as a user
 * waits for {@code /proc/net/bonding/bond0} to show the aggregator up before starting netperf.
 */
final class Aggregation {
  /** The switch's own address, its LACP system id. */
  static final MacAddress SWITCH_MAC = MacAddress.parse("02:00:00:00:5e:00");

  /** How long the run waits for LACP before it starts the test anyway. */
  static final long SETTLE_LIMIT_NS = 120_000_000_000L;

  private final List<LacpSystem> systems = new ArrayList<>();

  /**
   * Starts LACP on the bonds that run it and bundles each host's switch ports.
   *
   * @param loop the event loop, at the moment the bonds come up
   * @param bonds every host's bond, in switch-port order (local, remote, clients)
   * @param options the bonds' options
   * @param fabric the switch, or null back to back
   * @param spec the port channels, or null when the mode needs no trunk
   * @param random where the machines' tick phases come from
   */
  Aggregation(
      EventLoop loop,
      List<BondDevice> bonds,
      Options options,
      LearningSwitch fabric,
      PortChannelSpec spec,
      SeededRandom random) {
    for (BondDevice bond : bonds) {
      if (bond.needs().contains(org.bondsim.api.policy.CoreNeed.LACP)) {
        Bond3ad lacp = new Bond3ad(loop, bond, options);
        bond.attachLacp(lacp);
        lacp.start((long) (random.nextDouble() * Bond3ad.TICK_NS));
        systems.add(lacp.system());
      }
    }
    if (fabric != null && spec != null) {
      int perHost = bonds.get(0).slaveCount();
      for (int h = 0; h < bonds.size(); h++) {
        int[] ports = new int[perHost];
        for (int i = 0; i < perHost; i++) {
          ports[i] = h * perHost + i;
        }
        PortChannel channel = fabric.addPortChannel("Po" + (h + 1), ports, spec, SWITCH_MAC.bits());
        if (channel.lacp() != null) {
          systems.add(channel.lacp());
        }
      }
      fabric.startLacp(loop, (long) (random.nextDouble() * Bond3ad.TICK_NS));
    }
  }

  /**
   * Runs the network until LACP has settled: the selection timers have run out and which ports
   * collect and distribute has not changed for {@link #QUIET_TICKS} ticks (a partner that never
   * answers leaves the bond on one port of its own, as Linux does), or {@link #SETTLE_LIMIT_NS} has
   * passed.
   *
   * @param loop the event loop
   */
  void settle(EventLoop loop) {
    if (systems.isEmpty()) {
      return;
    }
    long limit = loop.now() + SETTLE_LIMIT_NS;
    String last = "";
    int quiet = 0;
    while (quiet < QUIET_TICKS && loop.now() < limit) {
      loop.runUntil(loop.now() + Bond3ad.TICK_NS);
      String now = state();
      quiet = now.equals(last) && timersDone() ? quiet + 1 : 0;
      last = now;
    }
  }

  /** Three seconds without a change: longer than a fast partner's LACPDU interval and timeout. */
  static final int QUIET_TICKS = 30;

  private boolean timersDone() {
    for (LacpSystem system : systems) {
      if (!system.selectionTimerExpired()) {
        return false;
      }
    }
    return true;
  }

  /** Which aggregator is active in each system and which of its ports distribute. */
  private String state() {
    StringBuilder text = new StringBuilder();
    for (LacpSystem system : systems) {
      Aggregator active = system.activeAggregator();
      text.append(active == null ? 0 : active.id()).append(':');
      for (LacpPort port : system.ports()) {
        text.append(port.distributing() ? '1' : '0');
      }
      text.append(' ');
    }
    return text.toString();
  }
}
