package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * --bond-age: how long the bonds have been up when netperf starts, so where in balance-tlb's 10 s
 * rebalance cycle the test falls.
 */
class BondAgeTest {
  private static List<Long> txPackets(String age) throws Exception {
    JsonNode run =
        CliRunner.json(
            "netperf",
            "-t",
            "TCP_RR",
            "-l",
            "2",
            "-s",
            "5",
            "--streams",
            "20",
            "--bond",
            "mode balance-tlb xmit_hash_policy layer3+4",
            "--slaves",
            "4x1000",
            "--bond-age",
            age,
            "--json",
            "--",
            "-r",
            "1,1024");
    List<Long> packets = new ArrayList<>();
    run.get("slaves").forEach(slave -> packets.add(slave.get("tx_packets").asLong()));
    return packets;
  }

  @Test
  void theTestFallsWhereTheBondsAgeAndTheWaitPutItInTheRebalanceCycle() throws Exception {
    // Up 5 s at the start (-s 5): the fresh table sends every new stream to one slave, and no
    // rebalance comes before the test ends at 7 s.
    List<Long> young = txPackets("0");
    assertThat(young.stream().filter(p -> p > 1000)).hasSize(1);
    // Up 9 s at the start: the rebalance at 10 s spreads the streams over all four.
    List<Long> older = txPackets("4s");
    assertThat(older).allMatch(p -> p > 1000);
  }

  @Test
  void anAgeOutsideADayIsRefusedByName() {
    CliRunner run = CliRunner.run("netperf", "-l", "0.1", "--bond-age", "-1s");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "bondsim: --bond-age time must be a number 0..86400 with s, ms, us or ns (bare:"
                + " seconds), got '-1s'");
  }
}
