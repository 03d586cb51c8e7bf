package org.bondsim.gro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** gro_flush_timeout keeps GRO packets across NAPI completions until a timer flushes them. */
class GroFlushTimeoutTest {
  private static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());

  private static RunReport run(String receive, String kernel) {
    return RUNNER.run(
        TcpStreamScenario.of(
            1,
            1_000_000_000L,
            "16384",
            Map.of("bondsim.kernel", kernel),
            ReceiveSettings.parse(receive),
            CpuCosts.parse("frame 300 up 1200 byte 0.2 ack 800 tx 1200")));
  }

  private static double framesPerPacket(RunReport report) {
    RunReport.HostReport remote = report.remote();
    return (double) remote.framesPolled() / remote.packetsUp();
  }

  @Test
  void holdingAcrossCompletionsLetsOneFramePollsMerge() {
    // An interrupt per frame: every poll finds one frame, so flushing at completion merges nothing.
    RunReport flushEachPoll = run("gro on rx-usecs 0 rx-frames 1", "6.x");
    RunReport held = run("gro on rx-usecs 0 rx-frames 1 gro-flush-timeout 20000", "6.x");
    assertThat(framesPerPacket(flushEachPoll)).isLessThan(1.2);
    assertThat(framesPerPacket(held)).isGreaterThan(3);
    assertThat(held.frames().balances()).isTrue();
    assertThat(held.throughputMbps())
        .isCloseTo(flushEachPoll.throughputMbps(), within(0.01 * flushEachPoll.throughputMbps()));
  }

  @Test
  void theReferenceKernelHasNoSuchSetting() {
    assertThatThrownBy(() -> run("gro on gro-flush-timeout 20000", "2.6.37"))
        .hasMessageContaining("gro-flush-timeout needs --kernel 6.x");
  }
}
