package org.bondsim.benchmarks;

import java.time.Duration;
import java.util.List;
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
 * A whole UDP_STREAM run: 1 simulated second of balance-rr over 3×1000 Mbit/s at MTU 1500 with
 * 1472-byte messages (about 244 000 frames, 730 000 events).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class UdpStreamScenarioBenchmark {
  @Param({"mode balance-rr packets_per_slave 1 miimon 100"})
  String bond;

  private ScenarioRunner runner;
  private Scenario scenario;

  @Setup
  public void setUp() {
    runner = new ScenarioRunner(PolicyRegistry.load());
    scenario =
        Scenario.builder()
            .bond(bond)
            .slaves(
                List.of(
                    new SlaveLinkSpec(1000, 20_000),
                    new SlaveLinkSpec(1000, 20_000),
                    new SlaveLinkSpec(1000, 20_000)))
            .duration(Duration.ofNanos(1_000_000_000L))
            .seed(1)
            .workload(WorkloadSpec.udpStream(1472))
            .build();
  }

  @Benchmark
  public RunReport oneSimulatedSecond() {
    return runner.run(scenario);
  }
}
