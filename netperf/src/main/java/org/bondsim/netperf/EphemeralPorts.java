package org.bondsim.netperf;

import java.util.BitSet;
import org.bondsim.api.RandomSource;

/**
 * The ports the kernel gives netperf's data connections: the local end's {@code connect()} takes an
 * ephemeral port, even ones first ({@code __inet_hash_connect}, Linux 4.6's "tcp/dccp: try to not
 * exhaust ip_local_port_range in connect()"), and netserver's data socket binds port 0, which takes
 * an odd one ({@code inet_csk_find_open_port}); both within {@code ip_local_port_range}'s default,
 * 32768..60999. Linux starts its search at an offset from a keyed hash of the addresses and ports
 * ({@code secure_ipv4_port_ephemeral}, a SipHash with a boot-time key), which a simulation cannot
 * reproduce; here each port is a seeded uniform draw among the free ones of its parity, so flows
 * spread over hash tables as they do on a host, and the same seed gives the same ports. When one
 * parity runs out, the other is used, as Linux does.
 */
public final class EphemeralPorts {
  /** {@code net.ipv4.ip_local_port_range}'s default low end. */
  public static final int LOW = 32768;

  /** Its default high end (inclusive). */
  public static final int HIGH = 60999;

  private final RandomSource random;
  private final BitSet used = new BitSet(65536);
  // Free ports of each parity, so a draw need not count the taken ones again.
  private final int[] free = {(HIGH - first(0)) / 2 + 1, (HIGH - first(1)) / 2 + 1};

  /**
   * @param random the run's seeded source
   */
  public EphemeralPorts(RandomSource random) {
    this.random = random;
  }

  /**
   * A free port for {@code connect()}: even if any is left.
   *
   * @return the port
   */
  public int forConnect() {
    return draw(0);
  }

  /**
   * A free port for {@code bind(0)}: odd if any is left.
   *
   * @return the port
   */
  public int forBind() {
    return draw(1);
  }

  private int draw(int parity) {
    if (free[parity] == 0) {
      parity ^= 1;
      if (free[parity] == 0) {
        throw new IllegalStateException("ip_local_port_range is exhausted");
      }
    }
    int pick = random.nextInt(free[parity]);
    for (int port = first(parity); port <= HIGH; port += 2) {
      if (!used.get(port) && pick-- == 0) {
        used.set(port);
        free[parity]--;
        return port;
      }
    }
    throw new IllegalStateException("no free port found");
  }

  private static int first(int parity) {
    return (LOW & 1) == parity ? LOW : LOW + 1;
  }
}
