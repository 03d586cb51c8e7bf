package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * RACK's lost retransmission, driven segment by segment: what is marked lost and retransmitted, and
 * what {@code ss -ti} then shows. Tail loss probes are off so that the RTO is the timer that fires.
 */
class RetransmitTimeoutTest {
  private static final int MSS = 1460; // no timestamps
  private static final long MS = 1_000_000L;

  private static EndpointHarness sender(String kernel, String recovery) {
    Map<String, String> sysctls = new HashMap<>();
    sysctls.put("bondsim.kernel", kernel);
    sysctls.put("net.ipv4.tcp_early_retrans", "0");
    sysctls.put("net.ipv4.tcp_timestamps", "0");
    sysctls.put("net.ipv4.tcp_recovery", recovery);
    return new EndpointHarness(sysctls).established();
  }

  /** Steps the clock by a millisecond until the RTO has fired {@code n} times in all. */
  private static void untilTimeouts(EndpointHarness h, int n) {
    long t = h.context.now();
    while (h.counter("TcpExtTCPTimeouts") < n) {
      t += MS;
      assertThat(t).as("RTO number %d by 10 s", n).isLessThan(10_000 * MS);
      h.advanceTo(t);
    }
  }

  private static long field(EndpointHarness h, String name) {
    Matcher m = Pattern.compile(" " + name + ":(\\d+)").matcher(h.endpoint.describe());
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  @Test
  void rackFindsALostRetransmissionWithoutWaitingForTheRto() {
    EndpointHarness h = sender("6.x", "1");
    h.write(10L * MSS);
    h.advanceTo(10 * MS);
    // Segment 0 missing, 1..9 SACKed 10 ms after they left: RACK marks 0 lost at once (sent
    // before the newest delivered one, an RTT and the window ago) and recovery retransmits it.
    h.ack(0, MSS, 10 * MSS);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
    // New data sent after the retransmission is SACKed 10 ms later while 0 is still missing:
    // the retransmission was lost too.
    h.write(2L * MSS);
    h.advanceTo(20 * MS);
    h.ack(0, MSS, 12 * MSS);
    h.advanceTo(40 * MS);
    assertThat(h.counter("TcpExtTCPLostRetransmit")).isEqualTo(1);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(2);
    assertThat(h.counter("TcpExtTCPTimeouts")).isZero();
  }
}
