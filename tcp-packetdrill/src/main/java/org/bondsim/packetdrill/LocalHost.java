package org.bondsim.packetdrill;

import java.util.ArrayDeque;
import java.util.Map;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.stack.PacketOwner;
import org.bondsim.api.stack.Timer;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.PacketHandler;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SimTimer;
import org.bondsim.tcp.TcpHost;

/**
 * The machine packetdrill runs on, as the TCP model sees it: one host whose packets go to a tun
 * device (captured here in send order, with their times) and a clock that is the event loop's. A
 * packet leaves the host the moment TCP hands it over, so its TCP small queues budget comes back at
 * once, as a tun device frees the skb on transmit.
 */
final class LocalHost implements Host {
  /** A packet the stack sent, and when. */
  record Sent(Packet packet, long atNs) {}

  /** The tun device's MTU in packetdrill ({@code netdev.c}: 1500). */
  static final int MTU = 1500;

  static final Ipv4Address LOCAL = Ipv4Address.parse("192.168.0.1");
  static final Ipv4Address REMOTE = Ipv4Address.parse("192.0.2.1");

  private final EventLoop loop;
  private final ArrayDeque<Sent> sent = new ArrayDeque<>();
  private long count;
  private int offeredScale = -1;

  LocalHost(EventLoop loop) {
    this.loop = loop;
  }

  /**
   * The host a socket opens on: this host (the script plays the peer), the event loop's clock and
   * timers, and the socket's own settings, fixed when it opens.
   */
  TcpHost tcpHost(Map<String, String> socketSettings) {
    Map<String, String> settings = Map.copyOf(socketSettings);
    return new TcpHost() {
      @Override
      public long now() {
        return loop.now();
      }

      @Override
      public Timer newTimer(Runnable action) {
        return new SimTimer(loop, action);
      }

      @Override
      public int mtu() {
        return MTU;
      }

      @Override
      public String setting(String name, String defaultValue) {
        return settings.getOrDefault(name, defaultValue);
      }

      @Override
      public void send(Packet packet) {
        LocalHost.this.send(packet);
      }
    };
  }

  /** The window scale this end's SYN or SYN-ACK offered, -1 for none or no SYN yet. */
  int offeredScale() {
    return offeredScale;
  }

  /** How many packets the stack has sent in all. */
  long sentCount() {
    return count;
  }

  /** Packets sent and not yet matched against the script, oldest first. */
  ArrayDeque<Sent> sent() {
    return sent;
  }

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
    sent.add(new Sent(packet, loop.now()));
    count++;
    if (packet.tcp() != null && packet.tcp().synOptions() != null) {
      offeredScale = packet.tcp().synOptions().windowScale();
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
}
