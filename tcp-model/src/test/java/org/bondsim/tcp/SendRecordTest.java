package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code send(..., MSG_EOR)}, as upstream packetdrill's {@code eor/no-coalesce-small.pkt}: ten
 * segments and 400 bytes written, 400 more sent with MSG_EOR, then ten segments' worth: after the
 * first ten are ACKed, the 800 bytes ending the record go alone and the next write starts a packet
 * of its own.
 */
class SendRecordTest {
  private static final int MSS = 1460;

  private static EndpointHarness afterTheRecord(String kernel) {
    EndpointHarness h =
        new EndpointHarness(Map.of("bondsim.kernel", kernel, "net.ipv4.tcp_timestamps", "0"))
            .established(10_000_000L);
    h.write(10L * MSS + 400);
    h.endpoint.writeRecordEnd(400);
    h.write(10L * MSS);
    return h;
  }

  @Test
  void onLinux6TheRecordEndIsAPacketEnd() {
    EndpointHarness h = afterTheRecord("6.x");
    int mark = h.packetsSent();
    h.ack(10 * MSS);
    assertThat(h.dataSequencesSince(mark)).startsWith(10L * MSS, 10L * MSS + 800);
  }

  @Test
  void on2637TheFlagIsIgnored() {
    // 2.6.37 opens at 3 segments; its packets run on in MSS steps across the record's end.
    EndpointHarness h = afterTheRecord("2.6.37");
    assertThat(h.dataSequencesSince(0)).containsExactly(0L, (long) MSS, 2L * MSS);
    h.ack(3 * MSS);
    h.ack(6 * MSS);
    h.ack(10 * MSS);
    assertThat(h.dataSequencesSince(0)).contains(11L * MSS).doesNotContain(10L * MSS + 800);
  }
}
