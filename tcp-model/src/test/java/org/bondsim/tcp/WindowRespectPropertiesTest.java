package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bondsim.api.stack.Packet;

/**
 * Whatever the peer offers, the sender puts no byte beyond the right edge of the window it was last
 * offered ({@code tcp_snd_wnd_test}): the peer here is well-behaved (its right edge never moves
 * left, RFC 7323 2.4) but its windows range from closed to larger than the data, and the
 * application writes in pieces of any size while time passes (zero-window probes, loss probes,
 * RTOs).
 */
class WindowRespectPropertiesTest {
  private static final int MSS = 1448;

  @Provide
  Arbitrary<List<PeerSteps.Step>> scripts() {
    return PeerSteps.scripts(1, 40_000, 30_000, 40);
  }

  @Property(tries = 300)
  void noSegmentEndsBeyondTheWindowLastOffered(
      @ForAll("scripts") List<PeerSteps.Step> steps, @ForAll boolean timestamps) {
    EndpointHarness h =
        new EndpointHarness(Map.of("net.ipv4.tcp_timestamps", timestamps ? "1" : "0"))
            .established(1_000_000L, 4 * MSS);
    long acked = 0;
    long edge = 4L * MSS;
    int checked = 0;
    // Each step: kind 0 a write of a bytes, 1 an ACK, 2 time passing (a ms).
    for (PeerSteps.Step step : steps) {
      switch (step.kind()) {
        case 0 -> h.write(step.a());
        case 1 -> {
          // ACK part of what was sent, offering b bytes from there, the edge never moving left.
          long sent = Math.max(acked, h.highestSent());
          acked = Math.min(sent, acked + (long) step.a() % (8 * MSS));
          long window = Math.max(step.b(), edge - acked);
          edge = acked + window;
          h.ackOffering(window, acked);
        }
        default -> h.advanceTo(h.context.now() + step.a() % 2_000 * 1_000_000L);
      }
      List<Packet> sent = h.dataPacketsSince(checked);
      for (Packet p : sent) {
        long end = p.tcp().sequence() + p.payloadBytes();
        assertThat(end).as("segment %s ends within the window", p.tcp()).isLessThanOrEqualTo(edge);
      }
      checked = h.packetsSent();
    }
  }
}
