package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ZeroWindowProbeTest {
  private final ManualContext context = new ManualContext(1500, Map.of());
  private final RttEstimator rtt = new RttEstimator(1_000_000_000L);
  private final RetransmitTimer rto =
      new RetransmitTimer(context, rtt, new Jiffies(1000), () -> {});
  private final List<Long> fired = new ArrayList<>();
  private ZeroWindowProbe probe;

  /**
   * A probe whose every firing sends a probe, as the transmitter does while the window stays shut.
   */
  private ZeroWindowProbe probingEachTime() {
    return new ZeroWindowProbe(
        context,
        rto,
        () -> {
          fired.add(context.now());
          probe.probed();
        });
  }

  @Test
  void theFirstProbeWaitsOneRtoAndEachLaterOneTwiceAsLong() {
    rtt.sample(100_000_000L); // RTO 300 ms: 100 ms plus the 200 ms floor
    probe = probingEachTime();
    probe.armIfIdle();
    context.advanceTo(2_200_000_000L);
    assertThat(fired).containsExactly(300_000_000L, 900_000_000L, 2_100_000_000L);
  }

  @Test
  void stoppingEndsTheBackOff() {
    rtt.sample(100_000_000L);
    probe = probingEachTime();
    probe.armIfIdle();
    context.advanceTo(1_000_000_000L); // two probes: the next would wait 1.2 s
    probe.stop();
    assertThat(probe.armed()).isFalse();
    probe.armIfIdle();
    context.advanceTo(1_400_000_000L);
    assertThat(fired).containsExactly(300_000_000L, 900_000_000L, 1_300_000_000L);
  }

  @Test
  void withoutAnRttSampleTheFirstProbeWaitsTheInitialRto() {
    probe = new ZeroWindowProbe(context, rto, () -> fired.add(context.now()));
    probe.armIfIdle();
    probe.armIfIdle(); // already timing: not restarted
    context.advanceTo(1_500_000_000L);
    assertThat(fired).containsExactly(1_000_000_000L);
  }
}
