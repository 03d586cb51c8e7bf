package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * netperf -T: a bound netserver copies its data, and on 2.6.37 runs TCP on the segments it takes
 * from the prequeue and the backlog, on its own CPU; a receiver whose interrupt CPU was the limit
 * then carries more.
 */
class ApplicationBindingTest {
  // A receiver that saturates its one interrupt CPU on a 10 Gbit/s link (a ring large enough that
  // it drops nothing); TCP's own work is named apart from IP's so that it can move.
  private static JsonNode run(String kernel, String... binding) throws Exception {
    List<String> words =
        new ArrayList<>(
            List.of(
                "netperf",
                "-t",
                "TCP_STREAM",
                "-l",
                "0.3",
                "--slaves",
                "1x10000",
                "--kernel",
                kernel,
                "--cpus",
                "2",
                "--receiver",
                "gro off rx-usecs 20 rx-ring 4096 irq-cpus 0",
                "--cpu-costs",
                "frame 300 up 600 tcp 600 byte 0.25 ack 500 sack 100 tx 300 wakeup 2000"));
    words.addAll(List.of(binding));
    words.addAll(List.of("--json", "--", "-m", "16384"));
    return CliRunner.json(words.toArray(String[]::new));
  }

  @Test
  void netserverOnTheOtherCpuTakesTheCopyAndTcpOffTheInterruptCpu() throws Exception {
    JsonNode unbound = run("2.6.37");
    JsonNode bound = run("2.6.37", "-T", ",1");
    JsonNode remote = bound.get("hosts").get("remote");
    assertThat(bound.get("throughput_mbps").asDouble())
        .isGreaterThan(1.3 * unbound.get("throughput_mbps").asDouble());
    assertThat(unbound.get("hosts").get("remote").has("reader")).isFalse();
    assertThat(remote.get("reader").get("cpu").asInt()).isEqualTo(1);
    // 2.6.37: every data segment reaches TCP through the prequeue or the backlog, none in the
    // softirq; each wakeup starts one prequeue run.
    JsonNode reader = remote.get("reader");
    assertThat(reader.get("in_softirq").asLong()).isLessThan(5);
    assertThat(reader.get("prequeued").asLong()).isEqualTo(reader.get("wakeups").asLong());
    assertThat(reader.get("prequeued").asLong() + reader.get("backlogged").asLong())
        .isGreaterThan(1000);
    assertThat(remote.get("cpu_percent_each").get(1).asDouble()).isGreaterThan(10);
  }

  @Test
  void on6xTheSoftirqStillRunsTcpWhenNetserverSleeps() throws Exception {
    JsonNode reader = run("6.x", "-T", ",1").get("hosts").get("remote").get("reader");
    assertThat(reader.get("prequeued").asLong()).isZero();
    assertThat(reader.get("in_softirq").asLong()).isGreaterThan(0);
    // Each data segment the softirq processed woke netserver to copy it (the handshake's
    // segments carry no data and wake nobody).
    assertThat(reader.get("wakeups").asLong())
        .isGreaterThan(1000)
        .isBetween(reader.get("in_softirq").asLong() - 5, reader.get("in_softirq").asLong());
  }

  @Test
  void netserverOnTheInterruptCpuGainsNothing() throws Exception {
    double unbound = run("2.6.37").get("throughput_mbps").asDouble();
    double sameCpu = run("2.6.37", "-T", ",0").get("throughput_mbps").asDouble();
    assertThat(sameCpu).isLessThanOrEqualTo(unbound * 1.02);
  }

  @Test
  void oneNumberBindsBothAsNetperfsBreakArgsDoes() throws Exception {
    JsonNode hosts = run("2.6.37", "-T", "1").get("hosts");
    assertThat(hosts.get("remote").get("reader").get("cpu").asInt()).isEqualTo(1);
    // netperf's own socket reads nothing in TCP_STREAM: its ACKs reach TCP in the softirq.
    assertThat(hosts.get("local").get("reader").get("prequeued").asLong()).isZero();
  }
}
