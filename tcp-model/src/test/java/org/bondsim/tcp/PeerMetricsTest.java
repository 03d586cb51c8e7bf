package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A connection loads its peer's saved metrics when the handshake completes ({@code
 * tcp_init_metrics}) and saves into them when it closes ({@code tcp_update_metrics}).
 */
class PeerMetricsTest {
  private static final String PEER = "192.0.2.2";

  private static EndpointHarness sender(String kernel, TcpMetrics saved, String... sysctls) {
    Map<String, String> settings = new HashMap<>();
    settings.put("bondsim.kernel", kernel);
    for (int i = 0; i < sysctls.length; i += 2) {
      settings.put(sysctls[i], sysctls[i + 1]);
    }
    EndpointHarness harness = new EndpointHarness(settings);
    TcpMetricsCache cache = new TcpMetricsCache();
    cache.put(PEER, saved);
    harness.context.keepMetrics(cache);
    return harness.established(1_000_000L);
  }

  @Test
  void twoSixThirtySevenStartsFromTheSavedSsthreshReorderingAndALargerRtt() {
    EndpointHarness h = sender("2.6.37", new TcpMetrics(5000, 2000, 20, 40, 30));
    SocketInfo info = h.endpoint.socketInfo();
    assertThat(info.sndSsthresh()).isEqualTo(20);
    assertThat(info.reordering()).isEqualTo(30);
    // The handshake measured 1 ms; the route's 5 ms is larger and replaces it (timestamps on).
    assertThat(h.endpoint.state().srttUs()).isEqualTo(5000.0);
  }

  @Test
  void twoSixThirtySevenWithoutTimestampsForgetsTheRttButKeepsTheRest() {
    EndpointHarness h =
        sender("2.6.37", new TcpMetrics(5000, 2000, 20, 40, 30), "net.ipv4.tcp_timestamps", "0");
    assertThat(h.endpoint.state().srttUs()).isZero();
    assertThat(h.endpoint.socketInfo().sndSsthresh()).isEqualTo(20);
    assertThat(h.endpoint.socketInfo().reordering()).isEqualTo(30);
  }

  @Test
  void sixXTakesTheReorderingLevelAndSsthreshOnlyWhenItsSysctlAllows() {
    EndpointHarness h = sender("6.x", new TcpMetrics(0, 0, 20, 40, 30));
    assertThat(h.endpoint.socketInfo().reordering()).isEqualTo(30);
    assertThat(h.endpoint.socketInfo().sndSsthresh()).isEqualTo(Integer.MAX_VALUE);
    EndpointHarness saving =
        sender(
            "6.x", new TcpMetrics(0, 0, 20, 40, 30), "net.ipv4.tcp_no_ssthresh_metrics_save", "0");
    assertThat(saving.endpoint.socketInfo().sndSsthresh()).isEqualTo(20);
  }

  @Test
  void sixXSetsOnlyTheFirstRtoFromALargerSavedRtt() {
    // crtt 300 ticks at HZ 1000: RTO 300 + max(600, 200) ticks, until the first data sample.
    EndpointHarness h = sender("6.x", new TcpMetrics(300_000, 0, 0, 0, 0));
    assertThat(h.endpoint.state().srttUs()).isEqualTo(1000.0);
    assertThat(h.endpoint.socketInfo().rtoUs()).isEqualTo(900_000);
  }

  @Test
  void aClosingConnectionLeavesItsRttWindowAndLevel() {
    EndpointHarness h = sender("2.6.37", TcpMetrics.NONE);
    h.endpoint.saveMetrics();
    TcpMetrics saved = h.context.tcpMetrics().get(PEER);
    // Still in its first slow start: rtt from the handshake, cwnd as it is, no ssthresh to raise,
    // and the level is the sysctl's own (not saved).
    assertThat(saved.rttUs()).isEqualTo(1000);
    assertThat(saved.cwnd()).isEqualTo(h.endpoint.socketInfo().sndCwnd());
    assertThat(saved.ssthresh()).isZero();
    assertThat(saved.reordering()).isZero();
  }

  @Test
  void tcpNoMetricsSaveLeavesTheCacheAlone() {
    EndpointHarness h = sender("6.x", TcpMetrics.NONE, "net.ipv4.tcp_no_metrics_save", "1");
    h.endpoint.saveMetrics();
    assertThat(h.context.tcpMetrics().get(PEER)).isEqualTo(TcpMetrics.NONE);
  }
}
