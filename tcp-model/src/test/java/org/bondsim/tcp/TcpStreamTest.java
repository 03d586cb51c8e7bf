package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.core.policy.PolicyRegistry;
import org.bondsim.core.scenario.BondSpec;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.junit.jupiter.api.Test;

class TcpStreamTest {
  static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());

  static RunReport run(
      String bond,
      List<SlaveLinkSpec> slaves,
      int mtu,
      double seconds,
      String test,
      List<String> options,
      Map<String, String> sysctls) {
    return RUNNER.run(
        new Scenario(
            BondSpec.parse(bond),
            Map.of(),
            slaves,
            mtu,
            Scenario.DEFAULT_TXQUEUELEN,
            Math.round(seconds * 1e9),
            1,
            List.of(),
            new WorkloadSpec(test, options, 1, sysctls)));
  }

  @Test
  void singleGigabitLinkCarriesTcpAtLineRateAndNeverAbove() {
    RunReport report =
        run(
            "mode balance-rr",
            List.of(new SlaveLinkSpec(1000, 20_000)),
            1500,
            10,
            "TCP_STREAM",
            List.of("-m", "16384"),
            Map.of());
    // MSS 1448 (MTU 1500 - 40 - 12 for timestamps) in a 1538-byte wire frame.
    double limit = 1000.0 * 1448 / 1538;
    assertThat(report.throughputMbps()).isBetween(0.97 * limit, limit);
  }

  @Test
  void jumboFramesReachTheirOwnLimit() {
    RunReport report =
        run(
            "mode balance-rr",
            List.of(new SlaveLinkSpec(1000, 20_000)),
            9000,
            10,
            "TCP_STREAM",
            List.of("-m", "16384"),
            Map.of());
    double limit = 1000.0 * 8948 / 9038;
    assertThat(report.throughputMbps()).isBetween(0.97 * limit, limit);
  }

  @Test
  void balanceRrOverUnequalDelaysMakesTheReceiverSeeReorderingAndTheSenderCountIt() {
    RunReport report =
        run(
            "mode balance-rr",
            List.of(
                new SlaveLinkSpec(1000, 20_000),
                new SlaveLinkSpec(1000, 40_000),
                new SlaveLinkSpec(1000, 60_000)),
            1500,
            1,
            "TCP_STREAM",
            List.of("-m", "16384"),
            Map.of());
    assertThat(report.reordering().reordered()).isPositive();
    assertThat(report.result().counters().get("local")).containsKey("TcpExtTCPSACKReorder");
    assertThat(report.result().counters().get("remote")).containsKey("TcpExtTCPOFOQueue");
  }

  @Test
  void requestResponseCountsTransactionsAndLatency() {
    RunReport report =
        run(
            "mode balance-rr",
            List.of(new SlaveLinkSpec(1000, 20_000)),
            1500,
            1,
            "TCP_RR",
            List.of("-r", "1,1024"),
            Map.of());
    Map<String, Object> fields = report.result().fields();
    double rate = ((Number) fields.get("transactions_per_s")).doubleValue();
    // One transaction costs at least two 20 us propagation delays plus serialisation.
    assertThat(rate).isPositive().isLessThan(1e6 / 40.0);
    assertThat(((Number) fields.get("p99_latency_us")).longValue())
        .isGreaterThanOrEqualTo(((Number) fields.get("p50_latency_us")).longValue());
  }
}
