package com.example.lab;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.scenario.Link;
import org.bondsim.core.scenario.Netperf;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;

/**
 * TCP over balance-rr on three gigabit slaves with a delay each (20, 25 and 30 us), one of which
 * fails halfway through.
 */
public final class RunAScenario {
  public static void main(String[] args) {
    Scenario lab =
        Scenario.builder()
            .bond("mode balance-rr miimon 100")
            .slave(Link.gigabit().delay(Duration.of(20, ChronoUnit.MICROS)))
            .slave(Link.gigabit().delay(Duration.of(25, ChronoUnit.MICROS)))
            .slave(Link.gigabit().delay(Duration.of(30, ChronoUnit.MICROS)))
            .duration(Duration.ofSeconds(2))
            .seed(42)
            .fail("eth0", Duration.ofSeconds(1))
            .workload(Netperf.tcpStream().message(16384))
            .build();
    RunReport report = new ScenarioRunner(PolicyRegistry.load()).run(lab);
    System.out.printf("throughput %.2f Mbit/s%n", report.throughputMbps());
    System.out.printf("reordered %.4f of frames%n", report.reordering().reorderedRatio());
    System.out.println("sender " + report.result().counters().get("local"));
  }
}
