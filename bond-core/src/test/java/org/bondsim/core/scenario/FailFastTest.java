package org.bondsim.core.scenario;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.wire.Netem;
import org.junit.jupiter.api.Test;

/** The library refuses bad values when they are built and names the parameter. */
class FailFastTest {
  private static final List<SlaveLinkSpec> ONE = List.of(new SlaveLinkSpec(1000, 0));

  private static Scenario scenario(
      BondSpec bond, List<SlaveLinkSpec> slaves, List<LinkEvent> events, WorkloadSpec workload) {
    return Scenario.builder()
        .bond(bond)
        .slaves(slaves)
        .txqueuelen(1000)
        .duration(Duration.ofNanos(1_000_000L))
        .seed(1)
        .events(events)
        .workload(workload)
        .build();
  }

  @Test
  void nullsAreNamed() {
    BondSpec bond = BondSpec.parse("mode balance-rr");
    WorkloadSpec udp = WorkloadSpec.udpStream(1472);
    assertThatThrownBy(() -> scenario(null, ONE, List.of(), udp))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("bond must be given, got null");
    assertThatThrownBy(() -> scenario(bond, null, List.of(), udp)).hasMessageStartingWith("slaves");
    List<SlaveLinkSpec> withNull = new ArrayList<>(ONE);
    withNull.add(null);
    assertThatThrownBy(() -> scenario(bond, withNull, List.of(), udp))
        .hasMessage("slaves[1] must be given, got null");
    assertThatThrownBy(() -> scenario(bond, ONE, null, udp)).hasMessageStartingWith("events");
    assertThatThrownBy(() -> scenario(bond, ONE, List.of(), null))
        .hasMessage("workload must be given, got null");
    assertThatThrownBy(() -> new ScenarioRunner(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageStartingWith("registry");
    assertThatThrownBy(() -> new ScenarioRunner(PolicyRegistry.load()).run(null))
        .hasMessageStartingWith("scenario");
    assertThatThrownBy(() -> BondSpec.parse((String) null)).hasMessageStartingWith("text");
    assertThatThrownBy(() -> new WorkloadSpec("UDP_STREAM", null, 1, Map.of()))
        .hasMessageStartingWith("testOptions");
  }

  private static Scenario receiving(String receiver) {
    return Scenario.builder()
        .bond(BondSpec.parse("mode active-backup"))
        .slaves(ONE)
        .duration(Duration.ofNanos(1_000_000L))
        .receive(ReceiveSettings.parse(receiver))
        .workload(WorkloadSpec.udpStream(1472))
        .build();
  }

  @Test
  void aRunWithGroOnAndNoGroOnTheClassPathFailsBeforeItStartsNamingTheOffload() {
    // bond-core's tests see no gro module: GRO on must not quietly run without GRO.
    Scenario withGro = receiving("gro on");
    assertThatThrownBy(() -> new ScenarioRunner(PolicyRegistry.load()).run(withGro))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("receiver offload 'gro' is not on the class path")
        .hasMessageContaining("add its jar")
        .hasMessageEndingWith("turn it off with gro off");
    Scenario namedOther = receiving("offload lro-like");
    assertThatThrownBy(() -> new ScenarioRunner(PolicyRegistry.load()).run(namedOther))
        .hasMessageStartingWith("receiver offload 'lro-like' is not on the class path");
    assertThatThrownBy(() -> ReceiveSettings.parse("offload Bad/Name"))
        .hasMessageStartingWith("receiver offload must be an offload's name");
  }

  @Test
  void aCpuBindingNeedsCpuTimeAndACpuTheHostsHave() {
    WorkloadSpec bound = Netperf.tcpStream().bindCpus(-1, 1);
    assertThatThrownBy(() -> scenario(BondSpec.parse("mode balance-rr"), ONE, List.of(), bound))
        .hasMessageStartingWith("-T binds netperf and netserver to CPUs, but this run models no");
    assertThatThrownBy(
            () ->
                Scenario.builder()
                    .bond("mode balance-rr")
                    .slaves(ONE)
                    .host("reference-2.6.37")
                    .workload(Netperf.tcpStream().bindCpus(2, -1))
                    .build())
        .hasMessage("-T names CPU 2 but each host has 2 CPUs (0..1)");
    assertThatThrownBy(() -> Netperf.tcpStream().bindCpus(-1, -1))
        .hasMessageStartingWith("bindCpus takes CPU numbers from 0");
  }

  @Test
  void valuesThatWouldBreakTheClockAreRefused() {
    assertThatThrownBy(() -> new SlaveLinkSpec(1000, Long.MAX_VALUE / 2))
        .hasMessageStartingWith("delayNs must be 0..10000000000 ns");
    assertThatThrownBy(() -> new CpuCosts(0, 0, Double.POSITIVE_INFINITY, 0, 0, 0))
        .hasMessageStartingWith("perByteNs must be");
    assertThatThrownBy(() -> new CpuCosts(0, 0, Double.NaN, 0, 0, 0))
        .hasMessageStartingWith("perByteNs must be");
    assertThatThrownBy(() -> new Netem(0, 0, Long.MAX_VALUE, 0))
        .hasMessageStartingWith("netem delay and jitter must be");
    assertThatThrownBy(() -> new Netem(Double.NaN, 0, 0, 0)).hasMessageStartingWith("netem loss");
  }

  @Test
  void libraryMessagesNameParametersNotCommandLineFlags() {
    BondSpec bond = BondSpec.parse("mode balance-rr");
    assertThatThrownBy(
            () ->
                Scenario.builder()
                    .bond(bond)
                    .slaves(ONE)
                    .mtu(20)
                    .txqueuelen(1000)
                    .duration(Duration.ofNanos(1_000_000L))
                    .seed(1)
                    .workload(WorkloadSpec.udpStream(1472))
                    .build())
        .hasMessage("mtu must be 68..65535, got 20");
    assertThatThrownBy(() -> new WorkloadSpec("UDP_STREAM", List.of(), 16385, Map.of()))
        .hasMessage("streams must be 1..16384 (each stream has its own local port), got 16385");
    assertThatThrownBy(() -> BondSpec.parse("mode balance-rr mode active-backup"))
        .hasMessageContaining("mode is given twice");
  }
}
