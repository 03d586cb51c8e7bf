package org.bondsim.core.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;

/**
 * An Ethernet switch with no configuration, as the one tlb, alb and active-backup bonds need: it
 * learns each frame's source MAC on the port it came in on, sends a frame for a known unicast MAC
 * out of that MAC's port only, drops one whose MAC sits on the port it came in on, and floods
 * broadcast, multicast and unknown unicast out of every other port whose link is up. Store and
 * forward: a frame leaves only once it has fully arrived, so each hop costs its serialisation.
 *
 * <p>Each egress port queues in a FIFO of a fixed number of frames and drops at its tail (counted
 * as {@code txqueue_full} against the switch port). Entries age out after {@link #agingNs()} (300
 * s, IEEE 802.1D's default) and a port's entries are forgotten when its link goes down, as switches
 * flush on link loss.
 *
 * <p>Not modelled: static trunks or LACP port channels (so balance-rr, balance-xor, broadcast and
 * 802.3ad, which need one, are not run through a switch), VLANs, spanning tree, pause frames,
 * cut-through forwarding, shared buffer pools.
 */
public final class LearningSwitch implements FrameReceiver {
  /** IEEE 802.1D default ageing time. */
  public static final long DEFAULT_AGING_NS = 300_000_000_000L;

  private final List<Port> egress = new ArrayList<>();
  private final List<String> names = new ArrayList<>();
  private final List<SlaveStats> stats = new ArrayList<>();
  private final List<EthernetLink> links = new ArrayList<>();
  private final LongSupplier clock;
  private final long agingNs;

  // The MAC table, searched linearly: a simulated switch sees a handful of stations.
  private long[] macs = new long[16];
  private int[] macPort = new int[16];
  private long[] macSeen = new long[16];
  private int macCount;

  private long forwarded;
  private long flooded;
  private long floodCopies;
  private long filtered;
  private long moves;

  /**
   * Builds a switch with no ports.
   *
   * @param clock the simulated time, for ageing
   * @param agingNs how long an entry lives without traffic from its MAC
   */
  public LearningSwitch(LongSupplier clock, long agingNs) {
    if (agingNs <= 0) {
      throw new IllegalArgumentException("switch ageing time must be > 0 ns, got " + agingNs);
    }
    this.clock = clock;
    this.agingNs = agingNs;
  }

  /**
   * Plugs a cable into the next port: frames the switch sends go out of {@code toStation}; frames
   * the station sends must be connected to this switch with the returned port number.
   *
   * @param name the port's name in reports
   * @param link the cable
   * @param toStation the cable's direction from the switch to the station, whose counters are the
   *     switch port's transmit side (its tail drops among them)
   * @return the port number
   */
  public int addPort(String name, EthernetLink link, Port toStation) {
    int port = egress.size();
    egress.add(toStation);
    names.add(name);
    stats.add(toStation.senderStats());
    links.add(link);
    link.addCarrierListener(
        () -> {
          if (!link.carrier()) {
            forgetPort(port);
          }
        });
    return port;
  }

  @Override
  public void receive(int port, Packet packet) {
    long now = clock.getAsLong();
    learn(packet.linkSource(), port, now);
    if (packet.linkDestinationIsGroup()) {
      flood(port, packet);
      return;
    }
    int out = lookup(packet.linkDestination(), now);
    if (out < 0) {
      flood(port, packet);
    } else if (out == port) {
      filtered++;
    } else {
      forwarded++;
      egress.get(out).enqueue(packet, false);
    }
  }

  private void flood(int in, Packet packet) {
    flooded++;
    int copies = 0;
    for (int port = 0; port < egress.size(); port++) {
      if (port != in && links.get(port).carrier()) {
        egress.get(port).enqueue(packet, false);
        copies++;
      }
    }
    if (copies == 0) {
      filtered++;
    } else {
      floodCopies += copies - 1;
    }
  }

  private void learn(long mac, int port, long now) {
    if (MacAddress.isGroup(mac)) {
      return; // a group address is never a source
    }
    for (int i = 0; i < macCount; i++) {
      if (macs[i] == mac) {
        if (macPort[i] != port) {
          moves++;
          macPort[i] = port;
        }
        macSeen[i] = now;
        return;
      }
    }
    if (macCount == macs.length) {
      macs = Arrays.copyOf(macs, macCount * 2);
      macPort = Arrays.copyOf(macPort, macCount * 2);
      macSeen = Arrays.copyOf(macSeen, macCount * 2);
    }
    macs[macCount] = mac;
    macPort[macCount] = port;
    macSeen[macCount] = now;
    macCount++;
  }

  private int lookup(long mac, long now) {
    for (int i = 0; i < macCount; i++) {
      if (macs[i] == mac) {
        return now - macSeen[i] <= agingNs ? macPort[i] : -1;
      }
    }
    return -1;
  }

  private void forgetPort(int port) {
    int kept = 0;
    for (int i = 0; i < macCount; i++) {
      if (macPort[i] != port) {
        macs[kept] = macs[i];
        macPort[kept] = macPort[i];
        macSeen[kept] = macSeen[i];
        kept++;
      }
    }
    macCount = kept;
  }

  /**
   * Returns the ageing time.
   *
   * @return nanoseconds
   */
  public long agingNs() {
    return agingNs;
  }

  /**
   * Returns the number of ports.
   *
   * @return ports
   */
  public int portCount() {
    return egress.size();
  }

  /**
   * Returns a port's name.
   *
   * @param port the port number
   * @return its name
   */
  public String portName(int port) {
    return names.get(port);
  }

  /**
   * Returns the counters of a port's transmit side (frames the switch sent out of it).
   *
   * @param port the port number
   * @return the counters
   */
  public SlaveStats portStats(int port) {
    return stats.get(port);
  }

  /**
   * Returns a port's egress queue and wire, towards its station.
   *
   * @param port the port number
   * @return the port
   */
  public Port egress(int port) {
    return egress.get(port);
  }

  /**
   * Returns unicast frames sent out of their destination's port.
   *
   * @return frames
   */
  public long forwarded() {
    return forwarded;
  }

  /**
   * Returns frames flooded (broadcast, multicast or unknown unicast).
   *
   * @return frames
   */
  public long flooded() {
    return flooded;
  }

  /**
   * Returns the copies flooding made beyond one per flooded frame.
   *
   * @return frames
   */
  public long floodCopies() {
    return floodCopies;
  }

  /**
   * Returns frames dropped because their destination sits on the port they came in on (learning
   * packets, for one) or no other port was up.
   *
   * @return frames
   */
  public long filtered() {
    return filtered;
  }

  /**
   * Returns how often a MAC was learned on a different port than before (a MAC move).
   *
   * @return moves
   */
  public long macMoves() {
    return moves;
  }
}
