package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * When a TX completion wakes a socket that TCP small queues throttled ({@code tcp_wfree}, 6.1's
 * net/ipv4/tcp_output.c): at once from an ordinary softirq, but from {@code ksoftirqd} only once
 * nothing of the socket's is left below TCP.
 */
class SmallQueueWakeTest {
  private static final int MSS = 1448;

  /** A sender in slow start with 4 MB to send, throttled by TSQ behind a held NIC. */
  private static EndpointHarness throttled() {
    EndpointHarness h = new EndpointHarness(Map.of()).established(2_000_000L);
    h.write(4L << 20);
    // Each round the peer acknowledges everything sent: slow start doubles the window.
    for (int round = 0; round < 5; round++) {
      h.advanceTo(h.context.now() + 2_000_000L);
      h.ack(h.highestSent());
    }
    h.holdTx(true);
    h.advanceTo(h.context.now() + 2_000_000L);
    h.ack(h.highestSent());
    return h;
  }

  @Test
  void anOrdinarySoftirqWakesTheSocketAtTheFirstCompletion() {
    EndpointHarness h = throttled();
    int held = h.held();
    assertThat(held).as("TSQ stopped the sender with skbs below TCP").isBetween(2, 40);
    int sent = h.packetsSent();
    h.releaseOneHeld();
    assertThat(h.packetsSent()).as("the socket went on").isGreaterThan(sent);
  }

  @Test
  void ksoftirqdWakesItOnlyWhenTheQueueBelowIsEmpty() {
    EndpointHarness h = throttled();
    int held = h.held();
    int sent = h.packetsSent();
    h.context.ksoftirqd(true);
    for (int k = 1; k < held; k++) {
      h.releaseOneHeld();
      assertThat(h.packetsSent()).as("completion %d of %d", k, held).isEqualTo(sent);
    }
    h.releaseOneHeld();
    assertThat(h.packetsSent()).as("the last completion").isGreaterThan(sent);
  }
}
