package org.bondsim.core.scenario;

import java.util.List;
import java.util.Set;
import org.bondsim.api.policy.CoreNeed;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.wire.EthernetLink;
import org.bondsim.core.wire.Port;
import org.bondsim.core.wire.PortChannelSpec;

/** How a run's hosts are cabled, and what a fault does to a cable. */
final class Cabling {
  private Cabling() {}

  /**
   * Chooses the topology: a switch for the modes whose slaves keep their own MACs (and for
   * active-backup with several clients, or when a port channel is configured), back to back
   * otherwise; and refuses the combinations that cannot carry the mode.
   */
  static Network.Topology topology(Scenario scenario, String mode, Set<CoreNeed> needs) {
    boolean ownMacs = needs.contains(CoreNeed.OWN_SLAVE_MACS);
    boolean activeOnly = needs.contains(CoreNeed.ACTIVE_SLAVE_ONLY);
    Network network = scenario.network();
    Network.Topology asked = network.topology();
    if (asked == Network.Topology.AUTO) {
      asked =
          ownMacs || network.clients() > 1 && activeOnly || network.portChannel() != null
              ? Network.Topology.SWITCH
              : Network.Topology.BACK_TO_BACK;
    }
    if (asked == Network.Topology.BACK_TO_BACK
        && network.switchBufferFrames() != Network.DEFAULT_SWITCH_BUFFER) {
      throw Checks.parameter(
          "switchBufferFrames",
          network.switchBufferFrames(),
          "switchBufferFrames "
              + network.switchBufferFrames()
              + " sizes a switch's port queues, but "
              + mode
              + " is cabled back to back here; allowed: a switch (topology switch or a port"
              + " channel), or the default "
              + Network.DEFAULT_SWITCH_BUFFER);
    }
    if (network.clients() > 1 && asked != Network.Topology.SWITCH) {
      throw Checks.parameter(
          "clients",
          network.clients(),
          "clients "
              + network.clients()
              + " needs a switch between the hosts; "
              + mode
              + " is cabled back to back, which joins one peer only; allowed for "
              + mode
              + ": 1 client");
    }
    if (asked == Network.Topology.BACK_TO_BACK && ownMacs) {
      throw Checks.parameter(
          "topology",
          asked.cliName(),
          "topology back-to-back cannot carry "
              + mode
              + ": its slaves keep their own MACs and peers reach the bond through a switch that"
              + " learned them; allowed for "
              + mode
              + ": switch");
    }
    if (network.portChannel() != null) {
      if (!needsTrunk(needs)) {
        throw Checks.parameter(
            "portChannel",
            network.portChannel(),
            "portChannel is for the modes that need a trunk on the switch (balance-rr,"
                + " balance-xor, broadcast, 802.3ad); "
                + mode
                + " works with plain switch ports; allowed for "
                + mode
                + ": none");
      }
      if (asked != Network.Topology.SWITCH) {
        throw Checks.parameter(
            "portChannel",
            network.portChannel(),
            "portChannel needs topology switch, got topology " + asked.cliName());
      }
    }
    return asked;
  }

  /** Whether the mode sends one MAC over several switch ports, which needs a trunk. */
  private static boolean needsTrunk(Set<CoreNeed> needs) {
    return !needs.contains(CoreNeed.OWN_SLAVE_MACS) && !needs.contains(CoreNeed.ACTIVE_SLAVE_ONLY);
  }

  /**
   * Returns how the switch bundles each host's ports: as configured, else LACP (active, normal
   * rate) for 802.3ad and a static trunk for balance-rr, balance-xor and broadcast; null when the
   * run has no switch or the mode needs no trunk.
   */
  static PortChannelSpec portChannel(
      Scenario scenario, String mode, Set<CoreNeed> needs, Network.Topology topology) {
    if (topology != Network.Topology.SWITCH || !needsTrunk(needs)) {
      return null;
    }
    PortChannelSpec asked = scenario.network().portChannel();
    if (asked != null) {
      return asked;
    }
    return needs.contains(CoreNeed.LACP) ? PortChannelSpec.LACP : PortChannelSpec.STATIC;
  }

  /**
   * Applies a fault to a cable, or ends it: a carrier loss takes the link down at both ends; a
   * black hole loses the frames of one direction or both with the carrier up (the host's sending
   * direction is the cable's forward port); an ending event restores the carrier and clears both.
   */
  static void apply(EthernetLink link, LinkEvent event) {
    if (event.up()) {
      link.forward().blackhole(false);
      link.backward().blackhole(false);
      link.setCarrier(true);
      return;
    }
    switch (event.fault()) {
      case CARRIER -> link.setCarrier(false);
      default -> {
        if (event.fault().losesTx()) {
          link.forward().blackhole(true);
        }
        if (event.fault().losesRx()) {
          link.backward().blackhole(true);
        }
      }
    }
  }

  /** IEEE 802.3's bound on a PHY clock's offset from nominal: ±100 ppm, in parts per billion. */
  static final long MAX_CLOCK_OFFSET_PPB = 100_000;

  /**
   * Gives every port of the run its own oscillator, drawn in port order ({@link Port#clock}): an
   * offset uniform within ±100 ppm and an octet-clock phase uniform over the period. With {@link
   * Network#lockedClocks()} every port keeps the one ideal clock and nothing is drawn.
   *
   * @param network the cabling
   * @param hostPorts the ports the hosts send on
   * @param intoHosts the ports that deliver to the hosts (the same ports back to back)
   * @param random the clocks' own stream
   */
  static void setClocks(
      Network network, List<Port> hostPorts, List<Port> intoHosts, SeededRandom random) {
    if (network.lockedClocks()) {
      return;
    }
    java.util.Set<Port> done =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (List<Port> ports : List.of(hostPorts, intoHosts)) {
      for (Port port : ports) {
        if (done.add(port)) {
          long ppb = Math.round((random.nextDouble() * 2 - 1) * MAX_CLOCK_OFFSET_PPB);
          port.clock(ppb, random.nextDouble());
        }
      }
    }
  }

  /**
   * Shapes a slave's cable(s) as a lab's virtual wire ({@link Shaping}): a tbf in front of each
   * sending end and the extra delay per direction. Through a switch only the hosts' ends are
   * shaped.
   *
   * @param shaping the shaping, {@link Shaping#NONE} for none
   * @param senderCable the local host's cable
   * @param receiverCable the remote host's cable (the same one back to back)
   * @param random the shaping's own stream: each bucket's starting fill
   */
  static void shape(
      Shaping shaping, EthernetLink senderCable, EthernetLink receiverCable, SeededRandom random) {
    if (!shaping.active()) {
      return;
    }
    long rate = shaping.rateMbps() * 1_000_000L;
    Port forward = senderCable.forward();
    forward.shape(rate, shaping.burstBytes(), random.nextDouble());
    forward.extraDelay(shaping.forwardExtraNs());
    Port back = senderCable == receiverCable ? receiverCable.backward() : receiverCable.forward();
    back.shape(rate, shaping.burstBytes(), random.nextDouble());
    back.extraDelay(shaping.backwardExtraNs());
  }
}
