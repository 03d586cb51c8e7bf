package org.bondsim.core.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.LongSupplier;
import org.bondsim.api.packet.Lacpdu;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.metrics.TimelineEvent;

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
 * <p>A host's ports may be bundled in a {@link PortChannel} (static, or LACP): the channel is one
 * logical port for learning, forwarding and flooding, and a frame for it leaves on the member its
 * load-balance hash picks. Slow Protocols frames (LACPDUs, to 01:80:c2:00:00:02) are never
 * forwarded: an LACP channel's member takes them, any other port discards them, as IEEE 802.1D
 * filters that address.
 *
 * <p>Not modelled: VLANs, spanning tree, pause frames, cut-through forwarding, shared buffer pools.
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
  private long slowProtocolFrames;
  private long notCollecting;
  private long originated;

  // Port channels, and each port's channel (null for a port on its own).
  private final List<PortChannel> channels = new ArrayList<>();
  private PortChannel[] channelOf = new PortChannel[0];
  private final List<TimelineEvent> events = new ArrayList<>();

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
          // A channel keeps its entries while a member fails: the logical port is still there.
          if (!link.carrier() && channel(port) == null) {
            forgetPort(port);
          }
        });
    return port;
  }

  /**
   * Bundles ports into a port channel.
   *
   * @param name the channel's name in reports
   * @param ports the member ports, already added
   * @param spec the channel's configuration
   * @param switchMac the switch's system MAC, for LACP
   * @return the channel
   */
  public PortChannel addPortChannel(
      String name, int[] ports, PortChannelSpec spec, long switchMac) {
    if (channelOf.length < egress.size()) {
      channelOf = Arrays.copyOf(channelOf, egress.size());
    }
    for (int port : ports) {
      if (port < 0 || port >= egress.size() || channelOf[port] != null) {
        throw new IllegalArgumentException("port " + port + " cannot join channel " + name);
      }
    }
    PortChannel channel = new PortChannel(this, name, ports, spec, switchMac);
    for (int port : ports) {
      channelOf[port] = channel;
    }
    channels.add(channel);
    return channel;
  }

  /**
   * Returns the port channels.
   *
   * @return channels in the order added
   */
  public List<PortChannel> channels() {
    return Collections.unmodifiableList(channels);
  }

  /**
   * Starts the LACP machines of every LACP channel, ticking every 100 ms.
   *
   * @param loop the event loop
   * @param firstTickNs the first tick
   */
  public void startLacp(EventLoop loop, long firstTickNs) {
    boolean any = channels.stream().anyMatch(c -> c.lacp() != null);
    if (!any) {
      return;
    }
    Event[] tick = new Event[1];
    tick[0] =
        (now, arg) -> {
          for (PortChannel channel : channels) {
            if (channel.lacp() != null) {
              channel.lacp().tick();
            }
          }
          loop.schedule(now + LACP_TICK_NS, tick[0], 0);
        };
    loop.schedule(firstTickNs, tick[0], 0);
  }

  /** {@code AD_TIMER_INTERVAL}: LACP's machines run every 100 ms. */
  static final long LACP_TICK_NS = 100_000_000L;

  private PortChannel channel(int port) {
    return port < channelOf.length ? channelOf[port] : null;
  }

  /** A port's logical port: its channel's first member, or itself. */
  private int group(int port) {
    PortChannel channel = channel(port);
    return channel == null ? port : channel.members()[0];
  }

  @Override
  public void receive(int port, Packet packet) {
    PortChannel in = channel(port);
    if (packet.linkDestination() == Lacpdu.SLOW_PROTOCOLS_ADDRESS.bits()) {
      slowProtocolFrames++;
      if (in != null && in.lacp() != null && packet.control() instanceof Lacpdu pdu) {
        in.lacp().receive(in.memberIndex(port), pdu);
      }
      return;
    }
    if (in != null && !in.collects(port)) {
      notCollecting++;
      return;
    }
    long now = clock.getAsLong();
    int inGroup = group(port);
    learn(packet.linkSource(), inGroup, now);
    if (packet.linkDestinationIsGroup()) {
      flood(inGroup, packet);
      return;
    }
    int out = lookup(packet.linkDestination(), now);
    if (out < 0) {
      flood(inGroup, packet);
    } else if (out == inGroup) {
      filtered++;
    } else {
      int member = egressPort(out, packet);
      if (member < 0) {
        filtered++;
        return;
      }
      forwarded++;
      egress.get(member).enqueue(packet, false);
    }
  }

  /** The physical port a frame for a logical port leaves on, or -1 if the channel is empty. */
  private int egressPort(int group, Packet packet) {
    PortChannel channel = channel(group);
    return channel == null ? group : channel.pick(packet);
  }

  private void flood(int inGroup, Packet packet) {
    flooded++;
    int copies = 0;
    for (int port = 0; port < egress.size(); port++) {
      if (group(port) != port || port == inGroup) {
        continue; // one copy per logical port: a channel's is sent by its first member's turn
      }
      int out = channel(port) != null ? egressPort(port, packet) : port;
      if (out >= 0 && links.get(out).carrier()) {
        egress.get(out).enqueue(packet, false);
        copies++;
      }
    }
    if (copies == 0) {
      filtered++;
    } else {
      floodCopies += copies - 1;
    }
  }

  /** Sends a frame the switch itself made (a LACPDU) out of a port. */
  void originate(int port, Packet packet) {
    originated++;
    egress.get(port).enqueue(packet, false);
  }

  EthernetLink link(int port) {
    return links.get(port);
  }

  long now() {
    return clock.getAsLong();
  }

  void recordEvent(int port, String event) {
    events.add(new TimelineEvent(clock.getAsLong(), names.get(port), event));
  }

  /**
   * Returns the switch's LACP timeline.
   *
   * @return events in time order, each naming the switch port
   */
  public List<TimelineEvent> events() {
    return Collections.unmodifiableList(events);
  }

  /**
   * Returns Slow Protocols frames (LACPDUs) that reached the switch and ended there.
   *
   * @return frames
   */
  public long slowProtocolFrames() {
    return slowProtocolFrames;
  }

  /**
   * Returns frames discarded because they arrived on a channel member not collecting.
   *
   * @return frames
   */
  public long notCollecting() {
    return notCollecting;
  }

  /**
   * Returns frames the switch made itself (LACPDUs).
   *
   * @return frames
   */
  public long originated() {
    return originated;
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
