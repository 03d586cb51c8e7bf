package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.bondsim.api.tcp.SackBlock;

/**
 * Whatever SACK blocks arrive, in whatever order, the queue's incremental walk (bisection, links
 * over SACKed runs) marks exactly the segments a brute-force scan would: those a single block
 * covered wholly at some ACK at or above snd_una. The second property feeds blocks that grow from
 * one ACK to the next, as a receiver's do, so the walk that skips what the previous ACK's blocks
 * covered ({@code recv_sack_cache}) is exercised at both ends of a block.
 */
class SackScoreboardPropertiesTest {
  @Provide
  Arbitrary<List<long[]>> acks() {
    Arbitrary<long[]> ack =
        Combinators.combine(
                Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 60_000).list().ofMinSize(0).ofMaxSize(8))
            .as(
                (advance, points) -> {
                  long[] a = new long[1 + points.size()];
                  a[0] = advance;
                  for (int i = 0; i < points.size(); i++) {
                    a[1 + i] = points.get(i);
                  }
                  return a;
                });
    return ack.list().ofMinSize(1).ofMaxSize(30);
  }

  @Property(tries = 300)
  void growingBlocksMatchABruteForceScan(
      @ForAll @Size(min = 1, max = 60) List<@IntRange(min = 1, max = 3000) Integer> lengths,
      @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 5) Integer> steps,
      @ForAll @IntRange(min = 0, max = 60_000) int firstStart) {
    long total = lengths.stream().mapToLong(Integer::longValue).sum();
    long start = firstStart % total;
    long end = Math.min(total, start + 1);
    long other = -1;
    List<long[]> acks = new ArrayList<>();
    for (int step : steps) {
      // 0: same blocks again; 1, 2: the first block grows up or down; 3: a new block above;
      // 4: the cumulative ACK advances; 5: a second, older block is repeated behind the first.
      switch (step) {
        case 1 -> end = Math.min(total, end + 700);
        case 2 -> start = Math.max(0, start - 700);
        case 3 -> {
          other = start;
          start = Math.min(total - 1, end + 900);
          end = Math.min(total, start + 1600);
        }
        default -> {}
      }
      long[] a =
          other >= 0 && step == 5
              ? new long[] {0, start, end, other, other + 1500}
              : new long[] {step == 4 ? 1 : 0, start, end};
      acks.add(a);
    }
    incrementalMarksMatchABruteForceScan(lengths, acks);
  }

  @Property(tries = 300)
  void incrementalMarksMatchABruteForceScan(
      @ForAll @Size(min = 1, max = 60) List<@IntRange(min = 1, max = 3000) Integer> lengths,
      @ForAll("acks") List<long[]> acks) {
    ManualContext context = new ManualContext(1500, Map.of());
    RetransmitQueue queue =
        new RetransmitQueue(
            new TcpCounters(), TestRacks.standalone(context, new RttEstimator(1)), true);
    List<long[]> segments = new ArrayList<>();
    long seq = 0;
    for (int len : lengths) {
      queue.sent(queue.append(len, false), 0, false);
      segments.add(new long[] {seq, seq + len, 0});
      seq += len;
    }
    long total = seq;
    long una = 0;
    // A lost hint at the start of a segment part-way up: the queue must keep counting the SACKed
    // segments below it as blocks arrive and cumulative ACKs release segments.
    long hint = segments.get(segments.size() / 2)[0];
    queue.lostHint().advance(hint, 0);
    AckSample sample = new AckSample();
    for (long[] a : acks) {
      // The cumulative ACK moves over whole segments only, as a receiver's would.
      int advance = (int) a[0];
      for (int i = 0; i < advance && !segments.isEmpty(); i++) {
        if (segments.get(0)[0] == una) {
          una = segments.remove(0)[1];
        }
      }
      List<SackBlock> blocks = new ArrayList<>();
      for (int i = 1; i + 1 < a.length; i += 2) {
        long start = Math.max(una, Math.min(a[i], a[i + 1]) % (total + 1));
        long end = Math.max(a[i], a[i + 1]) % (total + 1);
        if (end > start) {
          blocks.add(new SackBlock(start, end));
        }
      }
      sample.reset(una, queue.sndUna());
      queue.sackTag(blocks, sample, 1, 1000);
      queue.cumulativeAck(sample, 1);
      for (SackBlock block : blocks) {
        for (long[] s : segments) {
          if (s[0] >= block.start() && s[1] <= block.end()) {
            s[2] = 1;
          }
        }
      }
      assertThat(queue.sndUna()).isEqualTo(una);
      assertThat(queue.size()).isEqualTo(segments.size());
      int sacked = 0;
      int fackets = 0;
      for (int i = 0; i < segments.size(); i++) {
        boolean expected = segments.get(i)[2] == 1;
        assertThat(queue.has(queue.slot(i), RetransmitQueue.SACKED)).isEqualTo(expected);
        if (expected) {
          sacked++;
          fackets = i + 1;
        }
      }
      assertThat(queue.sackedOut()).isEqualTo(sacked);
      assertThat(queue.facketsOut()).isEqualTo(fackets);
      long below = segments.stream().filter(x -> x[2] == 1 && x[0] < hint).count();
      assertThat(queue.lostHint().sackedBelow()).isEqualTo((int) below);
    }
  }
}
