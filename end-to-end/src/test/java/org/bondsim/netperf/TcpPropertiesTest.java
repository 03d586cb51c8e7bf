package org.bondsim.netperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bondsim.api.KernelVersion;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.bondsim.core.scenario.SenderOffloads;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.scenario.WorkloadSpec;
import org.bondsim.core.wire.Netem;

/**
 * TCP over impaired paths: per-packet netem loss, duplication and jitter (which reorders), slaves
 * with different delays, link failures that lose whatever is queued or on the wire, broadcast that
 * duplicates every frame, and tiny queues that drop.
 */
class TcpPropertiesTest {
  private static final ScenarioRunner RUNNER = new ScenarioRunner(PolicyRegistry.load());
  private static final long DURATION = 200_000_000L;

  @Provide
  Arbitrary<Scenario> impairedPaths() {
    // netem-style per-packet impairments: up to 5 % loss, 5 % duplication, 0..500 us jitter.
    Arbitrary<Netem> netem =
        Combinators.combine(
                Arbitraries.doubles().between(0, 0.05),
                Arbitraries.doubles().between(0, 0.05),
                Arbitraries.longs().between(0, 200_000),
                Arbitraries.longs().between(0, 500_000))
            .as(Netem::new);
    Arbitrary<List<SlaveLinkSpec>> slaves =
        Combinators.combine(
                Arbitraries.of(100L, 1000L),
                Arbitraries.longs().between(0, 300_000),
                Arbitraries.frequencyOf(
                    net.jqwik.api.Tuple.of(1, Arbitraries.just(Netem.NONE)),
                    net.jqwik.api.Tuple.of(3, netem)))
            .as(SlaveLinkSpec::new)
            .list()
            .ofMinSize(1)
            .ofMaxSize(3);
    Arbitrary<LinkEvent> events =
        Combinators.combine(
                Arbitraries.integers().between(0, 2),
                Arbitraries.longs().between(0, DURATION - 1),
                Arbitraries.of(true, false))
            .as((slave, at, up) -> new LinkEvent("eth" + slave, at, up));
    return Combinators.combine(
            Arbitraries.of(
                "mode balance-rr miimon 1",
                "mode balance-rr packets_per_slave 0 miimon 1",
                "mode broadcast miimon 1",
                "mode active-backup miimon 1"),
            slaves,
            events.list().ofMaxSize(3),
            Arbitraries.of(8, 1000),
            Arbitraries.of("6.x", "2.6.37"),
            Arbitraries.of("0", "1"),
            Arbitraries.of("0", "1"),
            Arbitraries.longs())
        .as(
            (bond, links, linkEvents, queue, kernel, sack, gso, seed) -> {
              List<LinkEvent> valid = new ArrayList<>();
              for (LinkEvent e : linkEvents) {
                // A slave the bond has; a recovery only after a failure of that slave.
                boolean failedBefore =
                    linkEvents.stream()
                        .anyMatch(
                            f -> !f.up() && f.slave().equals(e.slave()) && f.atNs() < e.atNs());
                if (Integer.parseInt(e.slave().substring(3)) < links.size()
                    && (!e.up() || failedBefore)) {
                  valid.add(e);
                }
              }
              return Scenario.builder()
                  .bond(bond)
                  .slaves(links)
                  .txqueuelen(queue)
                  .duration(Duration.ofNanos(DURATION))
                  .seed(seed)
                  .events(valid)
                  .kernel(KernelVersion.parse(kernel))
                  .offloads(new SenderOffloads(false, gso.equals("1")))
                  .workload(
                      new WorkloadSpec(
                          "TCP_STREAM",
                          List.of("-m", "16384"),
                          1,
                          Map.of("net.ipv4.tcp_sack", sack)))
                  .build();
            });
  }

  @Property(tries = 40)
  void theApplicationGetsBytesInOrderExactlyOnceAndRetransmissionsHaveACause(
      @ForAll("impairedPaths") Scenario scenario) {
    RunReport report = RUNNER.run(scenario);
    TestResult.TcpStream stream = (TestResult.TcpStream) NetperfResult.typed(report.result());
    long received = stream.bytesReceived();
    long acked = stream.connection().bytesAcked();
    long sent = stream.connection().bytesSent();
    // The application reads a prefix of the stream: at least what the sender saw acknowledged,
    // never more than was sent.
    assertThat(received).isBetween(acked, sent);
    Map<String, Long> local = report.result().counters().get("local");
    long retrans = local.getOrDefault("TcpRetransSegs", 0L);
    long signalled =
        local.getOrDefault("TcpExtTCPFastRetrans", 0L)
            + local.getOrDefault("TcpExtTCPSlowStartRetrans", 0L);
    // Every retransmission is a fast or slow-start one, or a tail loss probe (SYNs aside).
    assertThat(retrans)
        .isBetween(
            signalled,
            signalled
                + local.getOrDefault("TcpExtTCPLossProbes", 0L)
                + local.getOrDefault("TcpExtTCPTimeouts", 0L));
    if (local.getOrDefault("TcpExtTCPSlowStartRetrans", 0L) > 0) {
      assertThat(local.getOrDefault("TcpExtTCPTimeouts", 0L)).isPositive();
    }
    if (local.getOrDefault("TcpExtTCPFastRetrans", 0L) > 0) {
      assertThat(
              local.getOrDefault("TcpExtTCPSackRecovery", 0L)
                  + local.getOrDefault("TcpExtTCPRenoRecovery", 0L)
                  + local.getOrDefault("TcpExtTCPTimeouts", 0L))
          .isPositive();
    }
    assertThat(stream.connection().cwnd()).isPositive();
    // Empty stands for Linux's infinite ssthresh (no loss yet); a number is at least 2.
    OptionalInt ssthresh = stream.connection().ssthresh();
    assertThat(ssthresh.isEmpty() || ssthresh.getAsInt() >= 2).isTrue();
  }
}
