package org.bondsim.core.scenario;

import java.util.List;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.host.SimHost;

/**
 * What happens before netperf's test starts: through a switch, each client host resolves the server
 * with ARP (as Linux does during netperf's control connection), so the switch has learned both
 * hosts before the first data frame; then netperf's {@code -s} wait. The test starts when both are
 * over.
 */
final class PreTest {
  /** Linux's neigh retrans_time_ms default: an unanswered request is sent again after 1 s. */
  static final long ARP_RETRANSMIT_NS = 1_000_000_000L;

  /** Linux's mcast_solicit default: 3 requests before the neighbour is given up. */
  static final int ARP_REQUESTS = 3;

  private PreTest() {}

  /**
   * Runs the phase and returns when the test starts.
   *
   * @param loop the event loop, at time 0
   * @param arp whether the hosts resolve each other first (through a switch)
   * @param clients the client hosts
   * @param server the server
   * @param waitNs netperf's {@code -s}
   * @return the start of the test
   */
  static long run(EventLoop loop, boolean arp, List<SimHost> clients, SimHost server, long waitNs) {
    // Times count from the phase's own start (LACP may have run before it).
    long begin = loop.now();
    if (arp) {
      int[] unanswered = {clients.size()};
      for (SimHost client : clients) {
        client.sendArpRequest(
            server,
            () -> {
              if (--unanswered[0] == 0) {
                loop.stop();
              }
            });
      }
      for (int request = 1; request <= ARP_REQUESTS && unanswered[0] > 0; request++) {
        loop.runUntil(begin + request * ARP_RETRANSMIT_NS);
        if (unanswered[0] > 0 && request < ARP_REQUESTS) {
          clients.forEach(SimHost::resendArpRequest);
        }
      }
    }
    long start = Math.max(loop.now(), begin + waitNs);
    if (start > loop.now()) {
      loop.runUntil(start);
    }
    return start;
  }
}
