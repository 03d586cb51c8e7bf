package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.bondsim.api.tcp.SackBlock;
import org.junit.jupiter.api.Test;

/** The receiver's SACK blocks, its autotuned buffer and the sender's PSH marks, in isolation. */
class ReceiverComponentsTest {
  private final ManualContext context = new ManualContext(1500, Map.of());
  private final TcpSettings settings = TcpSettings.of(context);
  private final TcpCounters counters = new TcpCounters();

  @Test
  void theNewestBlockComesFirstMergesWhatItTouchesAndThreeFitBesideTimestamps() {
    SackBlocks blocks = new SackBlocks(new NegotiatedOptions(settings, 1500), settings, counters);
    blocks.onOutOfOrder(5000, 6000);
    blocks.onOutOfOrder(7000, 8000);
    blocks.onOutOfOrder(9000, 10000);
    blocks.onOutOfOrder(11000, 12000);
    assertThat(blocks.current())
        .containsExactly(
            new SackBlock(11000, 12000), new SackBlock(9000, 10000), new SackBlock(7000, 8000));
    assertThat(blocks.optionBytes()).isEqualTo(28);
    blocks.onOutOfOrder(7000, 10000);
    assertThat(blocks.current())
        .containsExactly(new SackBlock(7000, 10000), new SackBlock(11000, 12000));
    blocks.setDsack(7500, 8000, false);
    assertThat(blocks.current()).first().isEqualTo(new SackBlock(7500, 8000));
    assertThat(counters.dsackOfoSent).isEqualTo(1);
    blocks.dsackSent();
    blocks.dropBelow(10000);
    assertThat(blocks.current()).containsExactly(new SackBlock(11000, 12000));
  }

  @Test
  void soRcvbufLocksTheBuffer() {
    ReceiveBuffer locked =
        new ReceiveBuffer(
            KernelProfile.LINUX_6,
            KernelProfile.LINUX_6.rmemDefault(),
            KernelProfile.LINUX_6.rmemMax(),
            65_536,
            new Jiffies(1000));
    locked.start(45L * 1448, 1448, 0);
    ReceiverRtt rtt = new ReceiverRtt(ReceiveAutotuning.RCV_RTT_6_17, new Jiffies(1000));
    rtt.onEcho(100, 1448, 536, 101);
    locked.onRead(10_000_000, 5_000_000, rtt, 1448);
    assertThat(locked.window()).isEqualTo(65_536);
  }

  @Test
  void pshMarksOnlyWriteEndsAndTheTail() {
    PushMarks marks = new PushMarks();
    marks.write(2, 3000);
    assertThat(marks.pushFor(1448)).isFalse();
    assertThat(marks.pushFor(3000)).isTrue(); // a send() ended exactly here
    assertThat(marks.pushFor(4448)).isFalse();
    assertThat(marks.pushFor(6000)).isTrue(); // the tail
  }
}
