package org.bondsim.core.wire;

import java.util.Arrays;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Lacpdu;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.lacp.AggregatorSelection;
import org.bondsim.core.lacp.LacpHost;
import org.bondsim.core.lacp.LacpSettings;
import org.bondsim.core.lacp.LacpSystem;

/**
 * One host's ports on the switch bundled as one logical port: the MAC table learns the host on the
 * channel, and a frame for it leaves on the member the switch's hash picks among those in the
 * bundle. A static channel bundles every member with carrier; an LACP channel runs the same 802.1AX
 * machines as a bond ({@link LacpSystem}) with the switch's system id and priority 32768 (the
 * common switch default), and bundles the members LACP lets collect and distribute; frames arriving
 * on any other member are discarded.
 */
public final class PortChannel implements LacpHost {
  /** The switch's LACP system priority ({@code lacp system-priority} default). */
  public static final int SWITCH_SYSTEM_PRIORITY = 32768;

  private final LearningSwitch owner;
  private final String name;
  private final int[] members;
  private final PortChannelSpec spec;
  private final LacpSystem lacp;
  private final long switchMac;
  private final boolean[] collecting;
  private int[] bundle = new int[0];
  private long lacpduSent;

  PortChannel(
      LearningSwitch owner, String name, int[] members, PortChannelSpec spec, long switchMac) {
    this.owner = owner;
    this.name = name;
    this.members = members.clone();
    this.spec = spec;
    this.switchMac = switchMac;
    this.collecting = new boolean[members.length];
    if (spec.mode() == PortChannelSpec.Mode.ON) {
      this.lacp = null;
      Arrays.fill(collecting, true);
      rebuild();
    } else {
      this.lacp =
          new LacpSystem(
              new LacpSettings(
                  spec.mode() == PortChannelSpec.Mode.ACTIVE,
                  spec.fastRate(),
                  AggregatorSelection.STABLE,
                  0,
                  SWITCH_SYSTEM_PRIORITY,
                  switchMac,
                  0,
                  0),
              this);
      for (int i = 0; i < members.length; i++) {
        EthernetLink link = owner.link(members[i]);
        lacp.addPort((int) link.speedMbps(), link.carrier());
        int port = i;
        // A switch port acts on its own carrier at once (no miimon of its own to wait for).
        link.addCarrierListener(() -> lacp.linkChanged(port, link.carrier()));
      }
    }
  }

  /**
   * Returns the channel's name.
   *
   * @return such as {@code Po1 (local)}
   */
  public String name() {
    return name;
  }

  /**
   * Returns the configuration.
   *
   * @return the spec
   */
  public PortChannelSpec spec() {
    return spec;
  }

  /**
   * Returns the LACP system, or null for a static channel.
   *
   * @return the system
   */
  public LacpSystem lacp() {
    return lacp;
  }

  /**
   * Returns the switch ports of the members.
   *
   * @return port numbers
   */
  public int[] members() {
    return members.clone();
  }

  /**
   * Returns LACPDUs the switch sent on this channel's members.
   *
   * @return frames
   */
  public long lacpduSent() {
    return lacpduSent;
  }

  int memberIndex(int port) {
    for (int i = 0; i < members.length; i++) {
      if (members[i] == port) {
        return i;
      }
    }
    return -1;
  }

  /** Whether a frame that arrived on this member is taken into the switch. */
  boolean collects(int port) {
    int i = memberIndex(port);
    return i >= 0 && collecting[i] && owner.link(port).carrier();
  }

  /**
   * The member a frame leaves on, by the load-balance hash over the members in the bundle now.
   *
   * @return the switch port, or -1 when the bundle is empty
   */
  int pick(Packet packet) {
    int[] b = bundle;
    int live = 0;
    for (int port : b) {
      if (owner.link(port).carrier()) {
        live++;
      }
    }
    if (live == 0) {
      return -1;
    }
    int k = spec.loadBalance().hash(packet) % live;
    for (int port : b) {
      if (owner.link(port).carrier() && k-- == 0) {
        return port;
      }
    }
    return -1;
  }

  /** The members that distribute: all of a static channel's, else those in the active LAG. */
  private void rebuild() {
    int[] next = new int[members.length];
    int n = 0;
    for (int i = 0; i < members.length; i++) {
      if (collecting[i] && (lacp == null || inActiveAggregator(i))) {
        next[n++] = members[i];
      }
    }
    bundle = Arrays.copyOf(next, n);
  }

  private boolean inActiveAggregator(int member) {
    var aggregator = lacp.ports().get(member).aggregator();
    return aggregator != null && aggregator.active();
  }

  @Override
  public void transmit(int port, Lacpdu pdu) {
    int switchPort = members[port];
    if (!owner.link(switchPort).carrier()) {
      return;
    }
    // Each switch port sends from an address of its own: the system id plus the port number.
    MacAddress source = new MacAddress((switchMac + 1 + switchPort) & 0xFFFF_FFFF_FFFFL);
    Frame frame =
        new Frame(
            new EthernetHeader(
                source, Lacpdu.SLOW_PROTOCOLS_ADDRESS, EthernetHeader.NO_VLAN, EtherType.SLOW),
            null,
            null);
    lacpduSent++;
    owner.originate(switchPort, new Packet(frame, pdu, lacpduSent, owner.now()));
  }

  @Override
  public boolean linkUp(int port) {
    return owner.link(members[port]).carrier();
  }

  @Override
  public void setCollectingDistributing(int port, boolean on) {
    collecting[port] = on;
  }

  @Override
  public void distributingChanged() {
    rebuild();
  }

  @Override
  public void event(int port, String event) {
    owner.recordEvent(members[port], event);
  }
}
