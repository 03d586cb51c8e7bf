package org.bondsim.netperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.junit.jupiter.api.Test;

/** Which nstat counter a reordering event bumps, as each kernel's tcp_update_reordering. */
class ReorderCountersTest {
  private static Map<String, Long> localCounters(String kernel) {
    RunReport report =
        TcpStreamTest.run(
            "mode balance-rr",
            List.of(new SlaveLinkSpec(1000, 20_000), new SlaveLinkSpec(1000, 60_000)),
            1500,
            0.3,
            "TCP_STREAM",
            List.of("-m", "16384"),
            Map.of("bondsim.kernel", kernel, "net.ipv4.tcp_timestamps", "0"));
    return report.result().counters().get("local");
  }

  @Test
  void onTwoSixThirtySevenTheFirstReorderingIsCountedAsFackThenFackIsOff() {
    Map<String, Long> counters = localCounters("2.6.37");
    assertThat(counters).containsEntry("TcpExtTCPFACKReorder", 1L);
    assertThat(counters.getOrDefault("TcpExtTCPSACKReorder", 0L)).isPositive();
  }

  @Test
  void onSixXThereIsNoFack() {
    assertThat(localCounters("6.x")).doesNotContainKey("TcpExtTCPFACKReorder");
  }
}
