package org.bondsim.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.Network;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The speed issue's pair of runs with the JIT warm, one simulated second each: its spraying command
 * ({@code packets_per_slave 0}, a random slave per packet over 3×1000 Mbit/s at 50 µs, receiver GRO
 * off, Reno, tcp_reordering 300, RACK and DSACK off, 4 MB socket buffers, {@code -m 1448}) and the
 * same with {@code packets_per_slave 1} and the ports on one ideal clock ({@code --link-clocks
 * locked}), whose bytes arrive in order. (Without the locked clocks strict round robin over equal
 * delays reorders too: each port's own oscillator breaks the ties, and 48 % of the frames arrive
 * out of order.) The ratio of the two scores is the steady-state part of the whole command's ratio,
 * which {@code spray-vs-inorder.sh} times with JVM start and JIT warm-up included. {@link
 * #perEventAndFrame} does the same work and also reports the time per event and per frame handed to
 * a slave (JMH's secondary results), the warm figures the speed issue bounds.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SprayVsInOrderBenchmark {
  /** 0: a random slave per packet (bond_rr_gen_slave_id's prandom_u32); 1: strict round robin. */
  @Param({"0", "1"})
  int packetsPerSlave;

  private ScenarioRunner runner;
  private Scenario scenario;

  @Setup
  public void setUp() {
    runner = new ScenarioRunner(PolicyRegistry.load());
    scenario =
        Scenario.builder()
            .bond("mode balance-rr packets_per_slave " + packetsPerSlave)
            .slaves(3, new SlaveLinkSpec(1000, 50_000))
            .receive(ReceiveSettings.parse("gro off"))
            .network(Network.AUTO.withLockedClocks(packetsPerSlave == 1))
            .duration(Duration.ofSeconds(1))
            .seed(1)
            .workload(
                new WorkloadSpec(
                    "TCP_STREAM",
                    List.of("-m", "1448", "-s", "4194304", "-S", "4194304"),
                    1,
                    Map.of(
                        "net.ipv4.tcp_congestion_control", "reno",
                        "net.ipv4.tcp_reordering", "300",
                        "net.ipv4.tcp_max_reordering", "300",
                        "net.ipv4.tcp_recovery", "0",
                        "net.ipv4.tcp_dsack", "0")))
            .build();
  }

  @Benchmark
  public RunReport oneSimulatedSecond() {
    return runner.run(scenario);
  }

  /**
   * One simulated second, counting what it did: JMH divides the time by each counter, so {@code
   * events} reads as nanoseconds per event and {@code frames} as nanoseconds per frame (both
   * directions). With {@code -prof gc}, {@code gc.alloc.rate.norm} is per run; divide it by the
   * frames a run hands to slaves (484 707 for packets_per_slave 0) for bytes per frame.
   *
   * @param work the counters
   * @return the report, so that the run is not optimised away
   */
  @Benchmark
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public RunReport perEventAndFrame(Work work) {
    RunReport report = runner.run(scenario);
    work.events += report.eventsDispatched();
    work.frames += report.frames().sent();
    return report;
  }

  /** Events and frames of the runs of one iteration, which JMH reports beside the time. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Work {
    /** Events dispatched. */
    public long events;

    /** Frames handed to slaves, both directions. */
    public long frames;

    /** Starts each iteration's count from zero. */
    @Setup(Level.Iteration)
    public void clear() {
      events = 0;
      frames = 0;
    }
  }
}
