package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.api.stack.Packet;
import org.junit.jupiter.api.Test;

/**
 * The receive window as Linux offers and enforces it: SO_RCVBUF doubled and raised to {@code
 * SOCK_MIN_RCVBUF}, the SYN's window in whole segments, and data beyond the window's right edge
 * dropped and answered at once.
 */
class ReceiveWindowTest {
  private static final Map<String, String> NO_TIMESTAMPS = Map.of("net.ipv4.tcp_timestamps", "0");
  private static final Map<String, String> BUFFER_WINDOW =
      Map.of("net.ipv4.tcp_timestamps", "0", "bondsim.rcv_ssthresh", "off");

  @Test
  void soRcvbufIsDoubledAndRaisedToLinuxsFloor() {
    assertThat(TcpSettings.receiveBuffer(1)).isEqualTo(2304);
    assertThat(TcpSettings.receiveBuffer(1152)).isEqualTo(2304);
    assertThat(TcpSettings.receiveBuffer(4096)).isEqualTo(8192);
    assertThat(TcpSettings.receiveBuffer(0)).as("not set: autotuned").isZero();
  }

  @Test
  void theSynOffersTheBuffersWindowInWholeSegments() {
    // tcp_rmem[1] 131072, half of it window: 65536, rounded down to 44 segments of 1460.
    assertThat(synWindow(new EndpointHarness(NO_TIMESTAMPS))).isEqualTo(64_240);
    // SO_RCVBUF 4096: 8192 of buffer, 4096 of window, two segments.
    assertThat(synWindow(new EndpointHarness(NO_TIMESTAMPS, 4096))).isEqualTo(2920);
    // SO_RCVBUF 1: 2304 of buffer, a window of 1152, less than a segment, offered as it is.
    assertThat(synWindow(new EndpointHarness(NO_TIMESTAMPS, 1))).isEqualTo(1152);
  }

  private static long synWindow(EndpointHarness h) {
    h.endpoint.connect();
    return h.context.host().sent().get(0).tcp().window();
  }

  @Test
  void dataFromTheRightEdgeOnIsDroppedAndAnsweredAtOnce() {
    // SO_RCVBUF 4096, the window opened at once (bondsim.rcv_ssthresh off): after the handshake
    // the window is 4096 bytes from 0. RcvSsthreshTest has the kernel's opening.
    EndpointHarness h = new EndpointHarness(BUFFER_WINDOW, 4096).established();
    int mark = h.packetsSent();
    h.receive(4096, 1460);
    List<Packet> answer = h.context.host().sent().subList(mark, h.packetsSent());
    assertThat(answer).hasSize(1);
    assertThat(answer.get(0).tcp().acknowledgment()).as("nothing taken").isZero();
    assertThat(h.counter("TcpExtTCPOFOQueue")).isZero();
    // A segment that starts inside the window is taken whole, its end past the edge included.
    h.receive(2920, 1460);
    assertThat(h.counter("TcpExtTCPOFOQueue")).isEqualTo(1);
  }
}
