package org.bondsim.gro;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;

/** The receive-path tests' scenario: TCP_STREAM over balance-rr on 1G slaves with 20 µs delay. */
final class TcpStreamScenario {
  private TcpStreamScenario() {}

  static Scenario of(
      int slaves,
      long durationNs,
      String message,
      Map<String, String> settings,
      ReceiveSettings receive,
      CpuCosts costs) {
    return Scenario.builder()
        .bond("mode balance-rr")
        .slaves(java.util.Collections.nCopies(slaves, new SlaveLinkSpec(1000, 20_000)))
        .duration(Duration.ofNanos(durationNs))
        .seed(1)
        .workload(new WorkloadSpec("TCP_STREAM", List.of("-m", message), 1, settings))
        .receive(receive)
        .costs(costs)
        .build();
  }
}
