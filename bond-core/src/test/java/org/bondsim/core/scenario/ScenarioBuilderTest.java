package org.bondsim.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bondsim.core.wire.Netem;
import org.junit.jupiter.api.Test;

class ScenarioBuilderTest {
  @Test
  void theBuilderGivesTheRecordTheLabDescribes() {
    Scenario built =
        Scenario.builder()
            .bond("mode balance-rr miimon 100")
            .slaves(2, Link.gigabit().delay(Duration.ofNanos(20_000)))
            .slave(Link.mbps(100).impaired(Netem.parse("loss 1%")))
            .duration(Duration.ofSeconds(5))
            .seed(42)
            .fail("eth0", Duration.ofSeconds(2))
            .recover("eth0", Duration.ofSeconds(3))
            .workload(Netperf.tcpStream().message(16384).sysctl("net.ipv4.tcp_reordering", "10"))
            .build();
    assertThat(built.bond()).isEqualTo(BondSpec.parse("mode balance-rr miimon 100"));
    assertThat(built.slaves())
        .containsExactly(
            new SlaveLinkSpec(1000, 20_000),
            new SlaveLinkSpec(1000, 20_000),
            new SlaveLinkSpec(100, 0, Netem.parse("loss 1%")));
    assertThat(built.durationNs()).isEqualTo(5_000_000_000L);
    assertThat(built.seed()).isEqualTo(42);
    assertThat(built.events())
        .containsExactly(
            new LinkEvent("eth0", 2_000_000_000L, false),
            new LinkEvent("eth0", 3_000_000_000L, true));
    assertThat(built.workload())
        .isEqualTo(
            new WorkloadSpec(
                "TCP_STREAM", List.of("-m", "16384"), 1, Map.of("net.ipv4.tcp_reordering", "10")));
  }

  @Test
  void defaultsAreNetperfs() {
    Scenario built =
        Scenario.builder()
            .bond("mode active-backup")
            .slaves(1, Link.gigabit())
            .workload(Netperf.udpStream())
            .build();
    assertThat(built.mtu()).isEqualTo(1500);
    assertThat(built.txqueuelen()).isEqualTo(Scenario.DEFAULT_TXQUEUELEN);
    assertThat(built.durationNs()).isEqualTo(10_000_000_000L);
    assertThat(built.seed()).isEqualTo(1);
    assertThat(built.network()).isEqualTo(Network.AUTO);
  }

  @Test
  void whatIsMissingOrOutOfRangeIsNamed() {
    assertThatThrownBy(() -> Scenario.builder().slaves(1, Link.gigabit()).build())
        .hasMessageStartingWith("bond must be given");
    assertThatThrownBy(() -> Scenario.builder().bond("mode balance-rr").build())
        .hasMessageStartingWith("slaves must be given");
    assertThatThrownBy(
            () -> Scenario.builder().bond("mode balance-rr").slaves(1, Link.gigabit()).build())
        .hasMessageStartingWith("workload must be given");
    assertThatThrownBy(() -> Link.gigabit().delay(Duration.ofSeconds(11)))
        .hasMessageStartingWith("delayNs must be 0..10000000000 ns");
    assertThatThrownBy(() -> Scenario.builder().duration(Duration.ofSeconds(-1)))
        .hasMessage("duration must not be negative, got PT-1S");
    assertThatThrownBy(
            () ->
                Scenario.builder()
                    .bond("mode balance-rr")
                    .slaves(1, Link.gigabit())
                    .workload(Netperf.tcpRr())
                    .mtu(67)
                    .build())
        .hasMessage("mtu must be 68..65535, got 67");
  }

  @Test
  void requestResponseAndBuffersAreNetperfsWords() {
    assertThat(Netperf.tcpRr().requestResponse(1, 1024).socketBuffers(5, 6).streams(3))
        .isEqualTo(
            new WorkloadSpec("TCP_RR", List.of("-r", "1,1024", "-s", "5", "-S", "6"), 3, Map.of()));
  }
}
