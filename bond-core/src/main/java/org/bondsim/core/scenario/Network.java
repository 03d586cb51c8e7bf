package org.bondsim.core.scenario;

import java.util.Locale;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.core.wire.PortChannelSpec;

/**
 * How the two hosts' slaves are cabled.
 *
 * @param topology back to back, through a switch, or chosen by the mode
 * @param switchBufferFrames frames each switch egress port queues before it drops at the tail
 * @param clients how many client hosts run the test against the one server (through a switch only);
 *     stream i runs from client {@code i % clients}
 * @param localAddress the (first) local host's IPv4 address; client k (from 1) has this + 256 + k -
 *     1
 * @param remoteAddress the remote host's IPv4 address
 * @param portChannel how the switch bundles each host's ports, for the modes that need a trunk
 *     (balance-rr, balance-xor, broadcast, 802.3ad); null: LACP active for 802.3ad, a static trunk
 *     for the others
 * @param lockedClocks every port transmits on one ideal clock, so frames handed to idle ports at
 *     the same instant leave and, over equal delays, arrive together, in the order they were handed
 *     over (for teaching: an exact tie); false (the default) gives each port its own seeded
 *     oscillator within IEEE 802.3's ±100 ppm and its own octet-clock phase ({@code Port#clock})
 * @param bondAgeNs how long both hosts' bonds have been up when netperf starts
 * @param guestStalls when the machine running both hosts stands still ({@link GuestStalls}): a
 *     user-mode Linux lab's, for {@code bondsim crosscheck}; {@link GuestStalls#NONE} for hosts of
 *     their own
 * @param earlierTraffic whether both bonds carried frames before the test that the run does not
 *     simulate (a lab's pings, ARP, IPv6 neighbour discovery and MLD reports), so that each
 *     transmit policy starts where a seeded number of such frames left it ({@link
 *     org.bondsim.api.policy.TxPolicy#sentBefore}): balance-rr's counter at a seeded slave; false
 *     (the default) starts every bond fresh, balance-rr's first frame on slave 1
 */
public record Network(
    Topology topology,
    int switchBufferFrames,
    int clients,
    Ipv4Address localAddress,
    Ipv4Address remoteAddress,
    PortChannelSpec portChannel,
    boolean lockedClocks,
    long bondAgeNs,
    GuestStalls guestStalls,
    boolean earlierTraffic) {
  /** The longest bond age, a day: long enough for any timer's phase to matter. */
  public static final long MAX_BOND_AGE_NS = 86_400_000_000_000L;

  /** A switch port buffer of 1000 frames, about 1.5 MB of full-size frames. */
  public static final int DEFAULT_SWITCH_BUFFER = 1000;

  /** Cabling chosen by the mode, with the default switch buffer. */
  public static final Network AUTO = new Network(Topology.AUTO, DEFAULT_SWITCH_BUFFER, 1);

  /**
   * Checks the buffer.
   *
   * @param topology topology
   * @param switchBufferFrames buffer
   * @param clients client hosts
   * @param localAddress local address
   * @param remoteAddress remote address
   * @param portChannel the switch's port channels, or null for the mode's default
   * @param lockedClocks every port on one ideal clock
   * @param bondAgeNs how long both hosts' bonds have been up when netperf starts (before its ARP
   *     and {@code -s} wait): the phase of the bonds' monitors, such as balance-tlb's 10 s
   *     rebalance, at the test's start
   * @param guestStalls the stalls of the machine running both hosts, {@link GuestStalls#NONE} for
   *     none
   * @param earlierTraffic whether both bonds carried frames before the test that the run does not
   *     simulate
   */
  public Network {
    Checks.notNull("guestStalls", guestStalls);
    if (topology == null) {
      throw new NullPointerException("topology must be given");
    }
    if (switchBufferFrames < 1 || switchBufferFrames > 1_000_000) {
      throw Checks.parameter(
          "switchBufferFrames",
          switchBufferFrames,
          "switchBufferFrames must be 1..1000000 frames, got " + switchBufferFrames);
    }
    if (clients < 1 || clients > 250) {
      throw Checks.parameter("clients", clients, "clients must be 1..250, got " + clients);
    }
    Checks.notNull("localAddress", localAddress);
    Checks.notNull("remoteAddress", remoteAddress);
    if (localAddress.equals(remoteAddress)) {
      throw Checks.parameter(
          "remoteAddress",
          remoteAddress,
          "remoteAddress must differ from localAddress, got " + remoteAddress + " for both");
    }
    if (bondAgeNs < 0 || bondAgeNs > MAX_BOND_AGE_NS) {
      throw Checks.parameter(
          "bondAgeNs",
          bondAgeNs,
          "bondAgeNs must be 0.." + MAX_BOND_AGE_NS + " ns (a day), got " + bondAgeNs);
    }
  }

  /**
   * Cabling whose port channels the mode chooses.
   *
   * @param topology topology
   * @param switchBufferFrames buffer
   * @param clients client hosts
   * @param localAddress local address
   * @param remoteAddress remote address
   */
  public Network(
      Topology topology,
      int switchBufferFrames,
      int clients,
      Ipv4Address localAddress,
      Ipv4Address remoteAddress) {
    this(
        topology,
        switchBufferFrames,
        clients,
        localAddress,
        remoteAddress,
        null,
        false,
        0,
        GuestStalls.NONE,
        false);
  }

  /**
   * Cabling with a port channel and free-running port clocks.
   *
   * @param topology topology
   * @param switchBufferFrames buffer
   * @param clients client hosts
   * @param localAddress local address
   * @param remoteAddress remote address
   * @param portChannel the switch's bundles
   */
  public Network(
      Topology topology,
      int switchBufferFrames,
      int clients,
      Ipv4Address localAddress,
      Ipv4Address remoteAddress,
      PortChannelSpec portChannel) {
    this(
        topology,
        switchBufferFrames,
        clients,
        localAddress,
        remoteAddress,
        portChannel,
        false,
        0,
        GuestStalls.NONE,
        false);
  }

  /**
   * Cabling with one client host.
   *
   * @param topology topology
   * @param switchBufferFrames buffer
   */
  public Network(Topology topology, int switchBufferFrames) {
    this(topology, switchBufferFrames, 1);
  }

  /**
   * Cabling with the default addresses, 10.0.0.1 and 10.0.0.2.
   *
   * @param topology cabling
   * @param switchBufferFrames frames each switch port queues
   * @param clients client hosts
   */
  public Network(Topology topology, int switchBufferFrames, int clients) {
    this(
        topology,
        switchBufferFrames,
        clients,
        ScenarioRunner.SENDER_IP,
        ScenarioRunner.RECEIVER_IP);
  }

  /**
   * Returns this cabling with other host addresses (netperf's {@code -L} and {@code -H}).
   *
   * @param local the local host's address
   * @param remote the remote host's address
   * @return the network
   */
  public Network withAddresses(Ipv4Address local, Ipv4Address remote) {
    return new Network(
        topology,
        switchBufferFrames,
        clients,
        local,
        remote,
        portChannel,
        lockedClocks,
        bondAgeNs,
        guestStalls,
        earlierTraffic);
  }

  /**
   * Returns this cabling with the switch's port channels configured.
   *
   * @param spec the port channels, or null for the mode's default
   * @return the network
   */
  public Network withPortChannel(PortChannelSpec spec) {
    return new Network(
        topology,
        switchBufferFrames,
        clients,
        localAddress,
        remoteAddress,
        spec,
        lockedClocks,
        bondAgeNs,
        guestStalls,
        earlierTraffic);
  }

  /**
   * Returns this cabling with every port on one ideal clock, or each on its own.
   *
   * @param locked true for one ideal clock (exact ties)
   * @return the cabling
   */
  public Network withLockedClocks(boolean locked) {
    return new Network(
        topology,
        switchBufferFrames,
        clients,
        localAddress,
        remoteAddress,
        portChannel,
        locked,
        bondAgeNs,
        guestStalls,
        earlierTraffic);
  }

  /**
   * Returns this lab with the bonds up for {@code ageNs} before netperf starts.
   *
   * @param ageNs the bonds' age at netperf's start, 0 (they come up with it) to a day
   * @return the network
   */
  public Network withBondAge(long ageNs) {
    return new Network(
        topology,
        switchBufferFrames,
        clients,
        localAddress,
        remoteAddress,
        portChannel,
        lockedClocks,
        ageNs,
        guestStalls,
        earlierTraffic);
  }

  /**
   * Returns this network as a user-mode Linux lab's guest runs it ({@code bondsim crosscheck}): on
   * a machine that stands still now and then, with bonds that carried the guest's pings, ARP and
   * neighbour discovery before the test ({@link #earlierTraffic}).
   *
   * @param stalls the guest's stalls, {@link GuestStalls#NONE} for none
   * @return the network
   */
  public Network onLabGuest(GuestStalls stalls) {
    return new Network(
        topology,
        switchBufferFrames,
        clients,
        localAddress,
        remoteAddress,
        portChannel,
        lockedClocks,
        bondAgeNs,
        stalls,
        true);
  }

  /** The ways to cable two bonded hosts. */
  public enum Topology {
    /**
     * A switch for the modes that need none configured and keep their own slave MACs (balance-tlb,
     * balance-alb); back to back for the others.
     */
    AUTO,
    /** Slave i of one host cabled straight to slave i of the other. */
    BACK_TO_BACK,
    /**
     * Every slave of both hosts cabled to one learning switch; for the modes that need a trunk,
     * each host's ports form a port channel.
     */
    SWITCH;

    /**
     * Returns the name the command line uses.
     *
     * @return {@code auto}, {@code back-to-back} or {@code switch}
     */
    public String cliName() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }
}
