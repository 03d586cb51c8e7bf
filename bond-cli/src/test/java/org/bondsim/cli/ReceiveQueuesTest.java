package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * rx-queues: RSS spreads a NIC's flows over queues, each with its own interrupt and NAPI context,
 * so a receiver whose one CPU was the limit uses as many as its queues' interrupts name.
 */
class ReceiveQueuesTest {
  private static double mbps(String receiver) throws Exception {
    return CliRunner.json(
            "netperf",
            "-t",
            "TCP_STREAM",
            "-l",
            "0.2",
            "--streams",
            "8",
            "--slaves",
            "1x40000",
            "--cpus",
            "4",
            "--receiver",
            receiver,
            "--cpu-costs",
            "frame 300 up 1200 byte 0.25 ack 700 sack 200 tx 1000",
            "--json")
        .get("throughput_mbps")
        .asDouble();
  }

  @Test
  void fourQueuesOnFourCpusCarryMoreThanTwiceWhatOneCpuDid() throws Exception {
    double one = mbps("gro on rx-usecs 50 irq-cpus 0");
    double four = mbps("gro on rx-usecs 50 rx-queues 4 irq-cpus 0,1,2,3");
    assertThat(four).isGreaterThan(2 * one);
    // Four queues whose interrupts all go to CPU 0 gain nothing: the CPU, not the ring, limits.
    double pinned = mbps("gro on rx-usecs 50 rx-queues 4 irq-cpus 0");
    assertThat(pinned).isLessThan(one * 1.2);
  }

  @Test
  void badQueueCountsAndTooManyInterruptCpusAreRefused() {
    CliRunner zero =
        CliRunner.run("netperf", "-t", "TCP_STREAM", "-l", "0.1", "--receiver", "rx-queues 0");
    assertThat(zero.exitCode()).isEqualTo(2);
    assertThat(zero.err()).contains("rx-queues must be 1..64, got 0");
    CliRunner many =
        CliRunner.run(
            "netperf",
            "-t",
            "TCP_STREAM",
            "-l",
            "0.1",
            "--slaves",
            "1x1000",
            "--cpus",
            "4",
            "--receiver",
            "rx-queues 2 irq-cpus 0,1,2");
    assertThat(many.exitCode()).isEqualTo(2);
    assertThat(many.err()).contains("irq-cpus names 3 CPUs for 2 receive queues");
  }
}
