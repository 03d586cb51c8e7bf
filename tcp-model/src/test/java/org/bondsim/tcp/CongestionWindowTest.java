package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tcp_is_cwnd_limited}: when an ACK may grow the window. */
class CongestionWindowTest {
  private static CongestionWindow window(String kernel) {
    return new CongestionWindow(
        TcpSettings.of(new ManualContext(1500, Map.of("bondsim.kernel", kernel))));
  }

  private static AckSample acking(int packets) {
    AckSample sample = new AckSample();
    sample.acked = packets;
    sample.newlyDelivered = packets;
    return sample;
  }

  @Test
  void slowStartGrowsAFlowThatUsedHalfTheWindowWithoutWaitingForIt() {
    CongestionWindow w = window("6.x");
    // Ten segments sent, the whole window, and no more data waiting: not "limited" in the
    // old sense, but cwnd 10 < 2 x 10 packets out, so slow start grows by what is ACKed.
    w.noteSent(10, 0, 10_000);
    w.grow(acking(2), false, 0, 100_000_000L);
    assertThat(w.cwnd).isEqualTo(12);
  }

  @Test
  void aFlowThatUsedLessThanHalfTheWindowDoesNotGrow() {
    CongestionWindow w = window("6.x");
    w.noteSent(4, 0, 4_000);
    w.grow(acking(2), false, 0, 100_000_000L);
    assertThat(w.cwnd).isEqualTo(10);
  }

  @Test
  void aWindowThatStoppedDataGrowsAsBefore() {
    CongestionWindow w = window("6.x");
    w.noteSent(1, 0, 1_000);
    w.markLimited();
    w.grow(acking(1), false, 0, 100_000_000L);
    assertThat(w.cwnd).isEqualTo(11);
  }

  @Test
  void twoSixThirtySevenKeepsItsOwnRule() {
    CongestionWindow w = window("2.6.37");
    w.noteSent(3, 0, 3_000);
    w.grow(acking(2), false, 0, 100_000_000L);
    assertThat(w.cwnd).isEqualTo(3);
  }

  @Test
  void anIdleRestartHalvesPerRtoDownToTheInitialWindow() {
    CongestionWindow w = window("6.x");
    w.cwnd = 80;
    // 2.5 RTOs idle: 80 -> 40 -> 20 (the loop halves while the idle time left exceeds an RTO).
    w.restartAfterIdle(250, 100);
    assertThat(w.cwnd).isEqualTo(20);
    w.cwnd = 16;
    w.restartAfterIdle(10_000, 100);
    assertThat(w.cwnd).isEqualTo(10);
    w.cwnd = 6;
    w.restartAfterIdle(10_000, 100);
    assertThat(w.cwnd).as("below the initial window it stays").isEqualTo(6);
  }
}
