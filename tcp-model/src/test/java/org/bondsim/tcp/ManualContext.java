package org.bondsim.tcp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.stack.Timer;

/**
 * A TCP host whose clock moves only when a test says so, with timers that fire as it moves and a
 * send path that keeps what it is asked to send: enough to drive one TCP endpoint by hand, segment
 * by segment, as packetdrill drives a real one.
 */
public final class ManualContext implements TcpHost {
  private final Map<String, String> settings = new HashMap<>();
  private final List<ManualTimer> timers = new ArrayList<>();
  private final CapturingHost host = new CapturingHost();
  private final int mtu;
  private long now;
  private TcpMetricsCache metrics;
  private boolean ksoftirqd;

  public ManualContext(int mtu, Map<String, String> sysctls) {
    this.mtu = mtu;
    settings.putAll(sysctls);
  }

  /** Gives the host per-destination TCP metrics (none by default). */
  public void keepMetrics(TcpMetricsCache cache) {
    this.metrics = cache;
  }

  @Override
  public TcpMetricsCache tcpMetrics() {
    return metrics;
  }

  /** Runs what follows in ksoftirqd (true) or in an ordinary softirq (false, the default). */
  public void ksoftirqd(boolean on) {
    this.ksoftirqd = on;
  }

  @Override
  public boolean inKsoftirqd() {
    return ksoftirqd;
  }

  /** The host whose sends are kept. */
  public CapturingHost host() {
    return host;
  }

  /** Moves the clock to {@code atNs}, firing every timer due on the way, in time order. */
  public void advanceTo(long atNs) {
    while (true) {
      ManualTimer next = null;
      for (ManualTimer timer : timers) {
        if (timer.armed() && timer.expiresAt() <= atNs) {
          if (next == null || timer.expiresAt() < next.expiresAt()) {
            next = timer;
          }
        }
      }
      if (next == null) {
        break;
      }
      now = Math.max(now, next.expiresAt());
      next.fire();
    }
    now = Math.max(now, atNs);
  }

  @Override
  public long now() {
    return now;
  }

  @Override
  public int mtu() {
    return mtu;
  }

  @Override
  public Timer newTimer(Runnable action) {
    ManualTimer timer = new ManualTimer(action);
    timers.add(timer);
    return timer;
  }

  @Override
  public void send(Packet packet) {
    host.send(packet);
  }

  @Override
  public String setting(String name, String defaultValue) {
    return settings.getOrDefault(name, defaultValue);
  }

  /** A timer on the manual clock. */
  private final class ManualTimer implements Timer {
    private final Runnable action;
    private long expiresAt = -1;

    ManualTimer(Runnable action) {
      this.action = action;
    }

    @Override
    public void armAt(long atNs) {
      expiresAt = Math.max(atNs, now);
    }

    @Override
    public void cancel() {
      expiresAt = -1;
    }

    @Override
    public boolean armed() {
      return expiresAt >= 0;
    }

    @Override
    public long expiresAt() {
      return expiresAt;
    }

    void fire() {
      expiresAt = -1;
      action.run();
    }
  }

  /** A host that keeps every packet handed to it. */
  public static final class CapturingHost {
    private final List<Packet> sent = new ArrayList<>();

    /** Everything sent so far, oldest first. */
    public List<Packet> sent() {
      return sent;
    }

    /** Its MAC address. */
    public MacAddress mac() {
      return MacAddress.parse("02:00:00:00:00:01");
    }

    /** Its IPv4 address. */
    public Ipv4Address address() {
      return Ipv4Address.parse("192.0.2.1");
    }

    void send(Packet packet) {
      sent.add(packet);
    }
  }
}
