package org.bondsim.gro;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bondsim.api.KernelVersion;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.SenderOffloads;
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
    // The host's words (bondsim.kernel, bondsim.gso) go to the host, the rest to the test.
    Map<String, String> sysctls = new java.util.LinkedHashMap<>(settings);
    String kernel = sysctls.remove("bondsim.kernel");
    boolean gso = "1".equals(sysctls.remove("bondsim.gso"));
    return Scenario.builder()
        .bond("mode balance-rr")
        .slaves(java.util.Collections.nCopies(slaves, new SlaveLinkSpec(1000, 20_000)))
        .duration(Duration.ofNanos(durationNs))
        .seed(1)
        .kernel(kernel == null ? KernelVersion.LINUX_6 : KernelVersion.parse(kernel))
        .offloads(new SenderOffloads(false, gso))
        .workload(new WorkloadSpec("TCP_STREAM", List.of("-m", message), 1, sysctls))
        .receive(receive)
        .costs(costs)
        .build();
  }
}
