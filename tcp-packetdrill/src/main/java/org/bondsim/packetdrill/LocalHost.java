package org.bondsim.packetdrill;

import java.util.ArrayDeque;
import java.util.Map;
import org.bondsim.api.RandomSource;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.stack.PacketOwner;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.PacketHandler;
import org.bondsim.api.workload.Timer;
import org.bondsim.api.workload.WorkloadContext;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.engine.SimTimer;

/**
 * The machine packetdrill runs on, as the TCP model sees it: one host whose packets go to a tun
 * device (captured here in send order, with their times) and a clock that is the event loop's. A
 * packet leaves the host the moment TCP hands it over, so its TCP small queues budget comes back at
 * once, as a tun device frees the skb on transmit.
 */
final class LocalHost implements Host, WorkloadContext {
  /** A packet the stack sent, and when. */
  record Sent(Packet packet, long atNs) {}

  /** The tun device's MTU in packetdrill ({@code netdev.c}: 1500). */
  static final int MTU = 1500;

  static final Ipv4Address LOCAL = Ipv4Address.parse("192.168.0.1");
  static final Ipv4Address REMOTE = Ipv4Address.parse("192.0.2.1");

  /** What every view of the host shares: the capture and the counts. */
  private static final class Capture {
    final ArrayDeque<Sent> sent = new ArrayDeque<>();
    long count;
    int offeredScale = -1;
  }

  private final EventLoop loop;
  private final Map<String, String> settings;
  private final Capture capture;
  private final RandomSource random = new SeededRandom(1);

  LocalHost(EventLoop loop, Map<String, String> settings) {
    this(loop, settings, new Capture());
  }

  private LocalHost(EventLoop loop, Map<String, String> settings, Capture capture) {
    this.loop = loop;
    this.settings = settings;
    this.capture = capture;
  }

  /** The same host and clock with other settings: a socket's own, fixed when it opens. */
  LocalHost withSettings(Map<String, String> socketSettings) {
    return new LocalHost(loop, Map.copyOf(socketSettings), capture);
  }

  /** The window scale this end's SYN or SYN-ACK offered, -1 for none or no SYN yet. */
  int offeredScale() {
    return capture.offeredScale;
  }

  /** How many packets the stack has sent in all. */
  long sentCount() {
    return capture.count;
  }

  /** Packets sent and not yet matched against the script, oldest first. */
  ArrayDeque<Sent> sent() {
    return capture.sent;
  }

  // ------------------------------------------------------------------ Host

  @Override
  public String name() {
    return "packetdrill";
  }

  @Override
  public MacAddress mac() {
    return new MacAddress(0x02_00_00_00_00_01L);
  }

  @Override
  public Ipv4Address address() {
    return LOCAL;
  }

  @Override
  public void send(Packet packet) {
    capture.sent.add(new Sent(packet, loop.now()));
    capture.count++;
    if (packet.tcp() != null && packet.tcp().synOptions() != null) {
      capture.offeredScale = packet.tcp().synOptions().windowScale();
    }
    // Let the interpreter look at the packet before the clock moves on.
    loop.stop();
    PacketOwner owner = packet.owner();
    if (owner != null) {
      loop.schedule(loop.now(), (now, arg) -> owner.onTxDone(packet), 0);
    }
  }

  @Override
  public void onReceive(PacketHandler handler) {
    // The interpreter hands inbound segments to the socket itself.
  }

  // ------------------------------------------------------------------ WorkloadContext

  @Override
  public Host local() {
    return this;
  }

  @Override
  public Host remote() {
    return this;
  }

  @Override
  public long now() {
    return loop.now();
  }

  @Override
  public long durationNs() {
    return Long.MAX_VALUE / 4;
  }

  @Override
  public int mtu() {
    return MTU;
  }

  @Override
  public int streams() {
    return 1;
  }

  @Override
  public Timer newTimer(Runnable action) {
    return new SimTimer(loop, action);
  }

  @Override
  public RandomSource random() {
    return random;
  }

  @Override
  public String setting(String name, String defaultValue) {
    return settings.getOrDefault(name, defaultValue);
  }
}
