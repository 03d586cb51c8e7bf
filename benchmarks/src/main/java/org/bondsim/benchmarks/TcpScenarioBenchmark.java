package org.bondsim.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * 100 simulated ms of TCP_STREAM. {@code reordered}: balance-rr over 3×1000 Mbit/s with one-way
 * delays of 20, 200 and 400 µs, so nearly every ACK carries SACK blocks over a scoreboard of a few
 * hundred segments (the ACK-processing path with a full SACK scoreboard); {@code single}: one 1000
 * Mbit/s link, in order.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TcpScenarioBenchmark {
  @Param({"reordered", "single"})
  String path;

  private ScenarioRunner runner;
  private Scenario scenario;

  @Setup
  public void setUp() {
    runner = new ScenarioRunner(PolicyRegistry.load());
    List<SlaveLinkSpec> slaves =
        path.equals("single")
            ? List.of(new SlaveLinkSpec(1000, 20_000))
            : List.of(
                new SlaveLinkSpec(1000, 20_000),
                new SlaveLinkSpec(1000, 200_000),
                new SlaveLinkSpec(1000, 400_000));
    scenario =
        Scenario.builder()
            .bond("mode balance-rr")
            .slaves(slaves)
            .duration(Duration.ofNanos(100_000_000L))
            .seed(1)
            .workload(new WorkloadSpec("TCP_STREAM", List.of("-m", "16384"), 1, Map.of()))
            .build();
  }

  @Benchmark
  public RunReport hundredSimulatedMs() {
    return runner.run(scenario);
  }
}
