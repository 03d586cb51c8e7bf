package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.bondsim.api.tcp.SackBlock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A SACK block's walk jumps over runs of segments SACKed before and counts as walked only the
 * segments it had to look at ({@code sample.walked}, what the {@code sacktag} CPU cost charges):
 * hand-made SACK sequences over 1000-byte segments, one across the ring's growth. A broken link
 * could send the walk backwards for ever, hence the time limit.
 */
@Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SackedRunSkipTest {
  private final RetransmitQueue queue =
      new RetransmitQueue(
          new TcpCounters(),
          TestRacks.standalone(new ManualContext(1500, Map.of()), new RttEstimator(1)),
          true);
  private final AckSample sample = new AckSample();

  private void send(int segments) {
    for (int i = 0; i < segments; i++) {
      queue.sent(queue.append(1000, false), 0, false);
    }
  }

  private void ack(SackBlock... blocks) {
    sample.reset(queue.sndUna(), queue.sndUna());
    queue.sackTag(List.of(blocks), sample, 1, 1000);
    queue.cumulativeAck(sample, 1);
  }

  private int sackedIndexes(int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      n += queue.has(queue.slot(i), RetransmitQueue.SACKED) ? 1 : 0;
    }
    return n;
  }

  @Test
  void aBlockOverOldRunsWalksOnlyTheSegmentsBetweenThem() {
    send(10);
    ack(new SackBlock(2000, 5000));
    assertThat(sample.walked).isEqualTo(3);
    ack(new SackBlock(6000, 7000));
    // One block over both runs: the cache holds only [6000, 7000), so [1000, 6000) and
    // [7000, 8000) are walked; segments 2-4 are a run SACKed before and are jumped over.
    ack(new SackBlock(1000, 8000));
    assertThat(sample.walked).isEqualTo(3); // segments 1, 5 and 7
    assertThat(sample.newlySacked).isEqualTo(3);
    assertThat(sackedIndexes(0, 10)).isEqualTo(7);
    assertThat(queue.has(queue.slot(0), RetransmitQueue.SACKED)).isFalse();
    assertThat(queue.sackedOut()).isEqualTo(7);
  }

  @Test
  void theSkipLinksSurviveTheRingGrowingAndTheHeadMoving() {
    send(60);
    ack(new SackBlock(10_000, 40_000));
    assertThat(sample.newlySacked).isEqualTo(30);
    send(100); // the ring grows from 64 to 256 slots
    ack(new SackBlock(45_000, 46_000));
    // snd_una moves past five segments: queue indexes shift under the SACKed run.
    sample.reset(5000, queue.sndUna());
    queue.sackTag(List.of(new SackBlock(45_000, 46_000)), sample, 1, 1000);
    queue.cumulativeAck(sample, 1);
    assertThat(queue.sndUna()).isEqualTo(5000);
    ack(new SackBlock(6000, 150_000));
    // Not walked: the 30 segments SACKed first and the one at 45 000.
    assertThat(sample.walked).isEqualTo(144 - 31);
    assertThat(sample.newlySacked).isEqualTo(144 - 31);
    assertThat(queue.sackedOut()).isEqualTo(144);
    assertThat(sackedIndexes(0, queue.size())).isEqualTo(144);
    assertThat(queue.has(queue.slot(0), RetransmitQueue.SACKED)).isFalse();
  }
}
