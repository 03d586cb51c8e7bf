package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * A switch port's tail drops are counted where they happen and reported: four tlb slaves sending
 * into the receiver's one active port overflow its egress buffer.
 */
class SwitchDropsTest {
  @Test
  void tailDropsAtTheConvergingPortAreReportedAndAccountedFor() throws Exception {
    JsonNode json =
        CliRunner.json(
            "netperf",
            "-t",
            "TCP_STREAM",
            "-l",
            "0.3",
            "--streams",
            "8",
            "--bond",
            "mode balance-tlb xmit_hash_policy layer3+4 tlb_dynamic_lb 0",
            "--slaves",
            "4x1000",
            "--switch-buffer",
            "20",
            "--json",
            "--",
            "-m",
            "16384");
    long tail = 0;
    for (JsonNode port : json.get("switch").get("ports")) {
      tail += port.get("drops").asLong();
    }
    assertThat(tail).isPositive();
    // Every frame lost on the way is a tail drop here, or a learning packet the switch filters.
    long filtered = json.get("switch").get("filtered").asLong();
    assertThat(json.get("frames").get("dropped_on_the_way").asLong()).isEqualTo(tail + filtered);
  }

  /**
   * A black hole on the switch-to-host side of a cable loses frames at the switch's end of that
   * cable: they are the slave's drops, and with the switch's filtered learning packets they are
   * every frame lost on the way.
   */
  @Test
  void aBlackHoleTowardsTheHostIsTheSlavesDrop() throws Exception {
    JsonNode json =
        CliRunner.json(
            "netperf",
            "-t",
            "TCP_STREAM",
            "-l",
            "1",
            "--bond",
            "mode balance-tlb miimon 100",
            "--slaves",
            "2x1000",
            "--blackhole",
            "eth0@0.5s:rx",
            "--json",
            "--",
            "-m",
            "16384");
    long blackhole = json.get("slaves").get(0).get("drops_by_reason").path("blackhole").asLong();
    assertThat(blackhole).isPositive();
    assertThat(json.get("frames").get("dropped_on_the_way").asLong())
        .isEqualTo(blackhole + json.get("switch").get("filtered").asLong());
  }
}
