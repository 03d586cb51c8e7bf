package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * The queue's search for the first segment at or above a sequence number against a scan, with
 * segments of one length (where the first probe hits) and of mixed lengths (where it misses), and a
 * queue whose ring has wrapped after cumulative ACKs.
 */
class RetransmitQueueSearchPropertiesTest {
  @Property(tries = 200)
  void findsWhatAScanFinds(
      @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 1, max = 3000) Integer> lengths,
      @ForAll boolean allOneLength,
      @ForAll @IntRange(min = 0, max = 200) int acked,
      @ForAll @Size(min = 1, max = 40) List<@LongRange(min = -100, max = 700_000) Long> probes) {
    RetransmitQueue queue =
        new RetransmitQueue(
            new TcpCounters(),
            TestRacks.standalone(
                new ManualContext(1500, Map.of()), new RttEstimator(1_000_000_000L)),
            true);
    for (int len : lengths) {
      queue.sent(queue.append(allOneLength ? 1448 : len, false), 0, false);
    }
    // Acknowledge the first segments so the ring's head moves, then refill past its end.
    int drop = Math.min(acked, lengths.size() - 1);
    if (drop > 0) {
      long ack = queue.start(queue.slot(drop));
      AckSample sample = new AckSample();
      sample.reset(ack, queue.sndUna());
      queue.cumulativeAck(sample, 1);
      for (int i = 0; i < drop; i++) {
        queue.sent(queue.append(allOneLength ? 1448 : lengths.get(i), false), 0, false);
      }
    }
    for (long offset : probes) {
      // Anywhere, and exactly at a segment's start (where a SACK block's edges fall).
      long exact = queue.start(queue.slot((int) Math.floorMod(offset, (long) queue.size())));
      for (long seq : new long[] {queue.sndUna() + offset, exact}) {
        assertThat(queue.firstAtOrAbove(seq)).as("seq %d", seq).isEqualTo(scan(queue, seq));
      }
    }
  }

  private static int scan(RetransmitQueue queue, long seq) {
    int index = 0;
    while (index < queue.size() && queue.start(queue.slot(index)) < seq) {
      index++;
    }
    return index;
  }
}
