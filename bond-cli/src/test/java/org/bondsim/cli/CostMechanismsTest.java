package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sender's copy, software GSO, interrupt and poll costs, each alone, show in the host's CPU
 * time as much as the work they stand for.
 */
class CostMechanismsTest {
  private static JsonNode run(String costs, String sender, String receiver) throws Exception {
    return run(costs, sender, receiver, "6.x");
  }

  private static JsonNode run(String costs, String sender, String receiver, String kernel)
      throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "netperf",
                "--kernel",
                kernel,
                "-t",
                "TCP_STREAM",
                "-l",
                "0.2",
                "--slaves",
                "1x1000",
                "--cpu-costs",
                "frame 0 up 0 byte 0 ack 0 sack 0 tx 0 " + costs,
                "--receiver",
                receiver,
                "--sender",
                sender,
                "--json",
                "--",
                "-m",
                "16384"));
    return CliRunner.json(args.toArray(String[]::new));
  }

  private static double demand(JsonNode json, String host) {
    return json.get("hosts").get(host).get("service_demand_us_per_kb").asDouble();
  }

  @Test
  void theSendersCopyCostsItsBytes() throws Exception {
    // 1 ns per byte sent is 1.024 us per KB the receiver read, plus what is in flight at the end.
    JsonNode json = run("copy 1", "tso off gso off", "gro off");
    assertThat(demand(json, "local")).isCloseTo(1.024, within(0.02));
    assertThat(demand(json, "remote")).isZero();
  }

  @Test
  void softwareGsoCostsEachSegmentItCutsAndTsoNone() throws Exception {
    // With GSO on and TSO off each segment of a super-packet costs 1000 ns: 1000 ns per 1448
    // bytes is 0.707 us/KB of what the receiver read, somewhat less since some packets leave as
    // one segment, and up to about 1 % more for what was cut but still in flight at the end (the
    // receiver's autotuned window lets that much be out on this link).
    double gso = demand(run("gso 1000", "tso off gso on", "gro off"), "local");
    assertThat(gso).isBetween(0.5, 0.72);
    // The NIC cuts them under TSO: no CPU time.
    assertThat(demand(run("gso 1000", "tso on", "gro off"), "local")).isZero();
    // Both off: 6.x TCP builds them anyway (4.17+) and the bond cuts them, at the same cost.
    assertThat(demand(run("gso 1000", "tso off gso off", "gro off"), "local"))
        .isCloseTo(gso, within(0.01));
    // 2.6.37 builds none when the device has neither: nothing to cut.
    assertThat(demand(run("gso 1000", "tso off gso off", "gro off", "2.6.37"), "local")).isZero();
  }

  @Test
  void everyInterruptAndPollCostsTheReceiver() throws Exception {
    JsonNode irq = run("irq 1000", "tso off gso off", "gro off rx-usecs 0 rx-frames 1");
    JsonNode poll = run("poll 1000", "tso off gso off", "gro off rx-usecs 0 rx-frames 1");
    assertThat(demand(irq, "remote")).isPositive();
    // Each interrupt schedules at least one poll, and a poll follows an interrupt or a poll that
    // used its whole weight: with one NIC and short batches the two counts are close.
    assertThat(demand(poll, "remote")).isGreaterThanOrEqualTo(demand(irq, "remote") * 0.99);
    // Fewer interrupts with coalescing: 50 us gathers several frames per interrupt.
    JsonNode coalesced = run("irq 1000", "tso off gso off", "gro off rx-usecs 50 rx-frames 0");
    assertThat(demand(coalesced, "remote")).isLessThan(demand(irq, "remote") / 2);
  }

  @Test
  void theScoreboardWalkCostsTheSenderWhenSacksArrive() throws Exception {
    // One link, no loss: no SACK block, no walk, no time.
    assertThat(demand(run("sacktag 1000", "tso off gso off", "gro off"), "local")).isZero();
    // balance-rr over unequal delays reorders: the sender walks SACKed stretches, the receiver
    // (which only sends ACKs) is charged nothing.
    JsonNode sprayed =
        CliRunner.json(
            "netperf",
            "-t",
            "TCP_STREAM",
            "-l",
            "0.2",
            "--bond",
            "mode balance-rr",
            "--slaves",
            "3x1000",
            "--delay-us",
            "20,200,400",
            "--cpu-costs",
            "frame 0 up 0 byte 0 ack 0 sack 0 tx 0 sacktag 1000",
            "--receiver",
            "gro off",
            "--json");
    assertThat(demand(sprayed, "local")).isPositive();
    assertThat(demand(sprayed, "remote")).isZero();
  }
}
