package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Linux's one retransmission timer ({@link XmitTimer}), whatever the peer ACKs and SACKs and
 * however time passes: a connection with data out always has a timer that will wake it (an RTO, a
 * loss probe or RACK's reorder timeout), and a pending reorder timeout holds the timer alone.
 */
class OneTimerPropertiesTest {
  private static final int MSS = 1460; // no timestamps

  @Provide
  Arbitrary<List<PeerSteps.Step>> scripts() {
    return PeerSteps.scripts(0, 1_000, 1_000, 60);
  }

  @Property(tries = 300)
  void dataOutAlwaysHasATimerAndAReorderTimeoutHoldsItAlone(
      @ForAll("scripts") List<PeerSteps.Step> steps, @ForAll boolean lossProbes) {
    EndpointHarness h =
        new EndpointHarness(
                Map.of(
                    "net.ipv4.tcp_timestamps",
                    "0",
                    "net.ipv4.tcp_early_retrans",
                    lossProbes ? "3" : "0"))
            .established(10_000_000L);
    long acked = 0;
    // Each step: kind 0 a write, 1 an ACK (with a SACK block when b is odd), 2 time passing.
    for (PeerSteps.Step step : steps) {
      switch (step.kind()) {
        case 0 -> h.write((long) (step.a() % 8 + 1) * MSS);
        case 1 -> {
          // The cumulative ACK moves by up to 7 segments; a SACK block of 1 to 3 segments lies
          // above it, inside what was sent.
          long sent = Math.max(acked, h.highestSent());
          acked = Math.min(sent, acked + (long) (step.a() % 8) * MSS);
          long start = acked + (long) (1 + step.b() % 5) * MSS;
          long end = Math.min(sent, start + (long) (1 + step.b() / 7 % 3) * MSS);
          if (step.b() % 2 == 1 && end > start) {
            h.ack(acked, start, end);
          } else {
            h.ack(acked);
          }
        }
        default -> h.advanceTo(h.context.now() + (1 + step.a() % 300) * 100_000L);
      }
      XmitTimer timer = h.endpoint.xmitTimer();
      assertThat(timer.reorderAlone()).as("a reorder timeout holds the timer alone").isTrue();
      if (h.endpoint.state().sndNxt() > h.endpoint.state().sndUna()) {
        assertThat(timer.anyArmed()).as("data out with no timer to wake it").isTrue();
      }
    }
  }
}
