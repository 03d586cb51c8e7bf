package org.bondsim.testkit.sim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;

/**
 * Runs a policy through a simulated bond between two hosts and returns what the receiver saw. A
 * fluent builder; every run is deterministic for its seed.
 *
 * <pre>{@code
 * HarnessResult result =
 *     BondHarness.policy(new MyProvider())
 *         .slaves(1000, 1000, 1000)
 *         .delaysUs(10, 20, 30)
 *         .udpStreams(4, 1472, 300)
 *         .seconds(0.5)
 *         .run();
 * HarnessAssertions.assertThat(result).isReorderingFree().spreadsLoadWithin(0.10);
 * }</pre>
 */
public final class BondHarness {
  private final String mode;
  private final TxPolicyProvider provider;
  private String settings = "";
  private long[] speedsMbps = {1000, 1000};
  private long[] delaysNs = {10_000, 10_000};
  private String test = "UDP_STREAM";
  private List<String> testOptions = List.of("-m", "1472");
  private int streams = 1;
  private Map<String, String> workloadSettings = Map.of();
  private double seconds = 0.2;
  private long seed = 1;
  private final List<LinkEvent> events = new ArrayList<>();

  private BondHarness(String mode, TxPolicyProvider provider) {
    this.mode = mode;
    this.provider = provider;
  }

  /**
   * Runs a mode found on the class path.
   *
   * @param mode its name or number
   * @return the harness
   */
  public static BondHarness mode(String mode) {
    return new BondHarness(mode, null);
  }

  /**
   * Runs a policy whether or not it is registered as a service.
   *
   * @param provider the policy's provider
   * @return the harness
   */
  public static BondHarness policy(TxPolicyProvider provider) {
    return new BondHarness(provider.mode(), provider);
  }

  /**
   * Sets per-bond options, as {@code ip link … type bond} words without the mode.
   *
   * @param words such as {@code xmit_hash_policy layer3+4}
   * @return this
   */
  public BondHarness bond(String words) {
    this.settings = words;
    return this;
  }

  /**
   * Sets the slaves' speeds, one per slave.
   *
   * @param mbps speeds in Mbit/s
   * @return this
   */
  public BondHarness slaves(long... mbps) {
    this.speedsMbps = mbps.clone();
    if (delaysNs.length != mbps.length) {
      delaysNs = new long[mbps.length];
      Arrays.fill(delaysNs, 10_000);
    }
    return this;
  }

  /**
   * Sets each slave path's one-way delay.
   *
   * @param micros delays in µs, one per slave
   * @return this
   */
  public BondHarness delaysUs(long... micros) {
    this.delaysNs = new long[micros.length];
    for (int i = 0; i < micros.length; i++) {
      delaysNs[i] = micros[i] * 1000;
    }
    return this;
  }

  /**
   * Offers {@code streams} UDP streams of {@code messageBytes}-byte messages, each paced to {@code
   * rateMbps} (0: as fast as the socket allows).
   *
   * @param count streams
   * @param messageBytes message size
   * @param rateMbps each stream's rate
   * @return this
   */
  public BondHarness udpStreams(int count, int messageBytes, double rateMbps) {
    this.test = "UDP_STREAM";
    this.testOptions = List.of("-m", Integer.toString(messageBytes));
    this.streams = count;
    this.workloadSettings =
        rateMbps > 0 ? Map.of("bondsim.rate_mbps", Long.toString(Math.round(rateMbps))) : Map.of();
    return this;
  }

  /**
   * Runs any netperf test the class path offers (TCP_STREAM and TCP_RR come with {@code
   * tcp-model}).
   *
   * @param name the test
   * @param count streams
   * @param options test-specific options, as after netperf's {@code --}
   * @return this
   */
  public BondHarness netperf(String name, int count, String... options) {
    this.test = name;
    this.streams = count;
    this.testOptions = List.of(options);
    this.workloadSettings = Map.of();
    return this;
  }

  /**
   * Takes a slave's link down at a time.
   *
   * @param slave its index
   * @param atSeconds when
   * @return this
   */
  public BondHarness fail(int slave, double atSeconds) {
    events.add(new LinkEvent(Scenario.slaveName(slave), Math.round(atSeconds * 1e9), false));
    return this;
  }

  /**
   * Brings a slave's link back up at a time.
   *
   * @param slave its index
   * @param atSeconds when
   * @return this
   */
  public BondHarness recover(int slave, double atSeconds) {
    events.add(new LinkEvent(Scenario.slaveName(slave), Math.round(atSeconds * 1e9), true));
    return this;
  }

  /**
   * Sets the test length.
   *
   * @param length seconds of simulated time
   * @return this
   */
  public BondHarness seconds(double length) {
    this.seconds = length;
    return this;
  }

  /**
   * Sets the run's seed.
   *
   * @param value the seed
   * @return this
   */
  public BondHarness seed(long value) {
    this.seed = value;
    return this;
  }

  /**
   * Runs the simulation.
   *
   * @return what the receiver saw
   */
  public HarnessResult run() {
    PolicyRegistry registry = PolicyRegistry.load();
    if (provider != null) {
      registry = registry.with(provider, "under test");
    }
    if (delaysNs.length != speedsMbps.length) {
      throw new IllegalArgumentException(
          "give one delay per slave: "
              + speedsMbps.length
              + " slaves, "
              + delaysNs.length
              + " delays");
    }
    List<SlaveLinkSpec> slaves = new ArrayList<>();
    for (int i = 0; i < speedsMbps.length; i++) {
      slaves.add(new SlaveLinkSpec(speedsMbps[i], delaysNs[i]));
    }
    Scenario scenario =
        Scenario.builder()
            .bond(("mode " + mode + " " + settings).trim())
            .slaves(slaves)
            .duration(Duration.ofNanos(Math.round(seconds * 1e9)))
            .seed(seed)
            .events(events)
            .workload(new WorkloadSpec(test, testOptions, streams, workloadSettings))
            .build();
    return new HarnessResult(new ScenarioRunner(registry).run(scenario));
  }
}
