package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The range set against the TreeMap it replaced, operation by operation. */
class SequenceRangesPropertiesTest {
  /** One operation: add [a, a+len), drain from a, or drop ranges ending by a. */
  record Op(int kind, long a, long len) {}

  @Provide
  Arbitrary<List<Op>> ops() {
    return net.jqwik.api.Combinators.combine(
            Arbitraries.integers().between(0, 9),
            Arbitraries.longs().between(0, 2000),
            Arbitraries.longs().between(1, 120))
        .as(Op::new)
        .list()
        .ofMaxSize(200);
  }

  @Property(tries = 300)
  void behavesAsTheTreeMapOfRanges(@ForAll("ops") List<Op> ops) {
    SequenceRanges ranges = new SequenceRanges();
    TreeMap<Long, Long> reference = new TreeMap<>();
    for (Op op : ops) {
      if (op.kind() < 7) {
        assertThat(ranges.holds(ranges.firstEndingAbove(op.a()), op.a(), op.a() + op.len()))
            .isEqualTo(coveredByReference(reference, op.a(), op.a() + op.len()));
        int index = ranges.add(op.a(), op.a() + op.len());
        addToReference(reference, op.a(), op.a() + op.len());
        assertThat(ranges.start(index)).isEqualTo(reference.floorEntry(op.a()).getKey());
        assertThat(ranges.end(index)).isEqualTo(reference.floorEntry(op.a()).getValue());
      } else {
        long next = op.a();
        Map.Entry<Long, Long> first = reference.firstEntry();
        while (first != null && first.getKey() <= next) {
          next = Math.max(next, first.getValue());
          reference.remove(first.getKey());
          first = reference.firstEntry();
        }
        assertThat(ranges.drain(op.a())).isEqualTo(next);
      }
      assertThat(ranges.size()).isEqualTo(reference.size());
      int i = 0;
      for (Map.Entry<Long, Long> e : reference.entrySet()) {
        assertThat(ranges.start(i)).isEqualTo(e.getKey());
        assertThat(ranges.end(i)).isEqualTo(e.getValue());
        i++;
      }
    }
  }

  @Property(tries = 300)
  void aGuessChangesNeitherTheAnswerNorTheRanges(@ForAll("ops") List<Op> adds) {
    SequenceRanges guessed = new SequenceRanges();
    SequenceRanges searched = new SequenceRanges();
    for (Op add : adds) {
      long seq = add.a();
      // Each op adds; its kind gives a guess from -3 to 60, right or wrong.
      int anyGuess = add.kind() * 7 - 3;
      assertThat(guessed.firstEndingAbove(seq, anyGuess)).isEqualTo(searched.firstEndingAbove(seq));
      // Half the time the guess is the true answer or the one before it, as a SACK walk has it.
      int guess = add.kind() % 2 == 0 ? searched.firstEndingAbove(seq) - 1 : anyGuess;
      int index = guessed.add(seq, seq + add.len(), guess);
      assertThat(index).isEqualTo(searched.add(seq, seq + add.len()));
      assertThat(guessed.size()).isEqualTo(searched.size());
      for (int i = 0; i < searched.size(); i++) {
        assertThat(guessed.start(i)).isEqualTo(searched.start(i));
        assertThat(guessed.end(i)).isEqualTo(searched.end(i));
      }
    }
  }

  @Property(tries = 300)
  void theBisectionFindsWhatAScanFinds(@ForAll("ops") List<Op> ops) {
    // Adds and drains move the ranges about their arrays (both ways, as the shorter side
    // of a change moves); after each, every number from below the first range to past the last
    // gets the index a scan gives.
    SequenceRanges ranges = new SequenceRanges();
    for (Op op : ops) {
      if (op.kind() < 7) {
        ranges.add(op.a(), op.a() + op.len());
      } else {
        ranges.drain(op.a());
      }
      for (long seq = -1; seq <= 2125; seq += 1 + op.kind()) {
        int scan = 0;
        while (scan < ranges.size() && ranges.end(scan) <= seq) {
          scan++;
        }
        assertThat(ranges.firstEndingAbove(seq)).as("seq %d", seq).isEqualTo(scan);
      }
    }
  }

  @Test
  void aSlidingScoreboardKeepsItsRangesWhileTheFrontLeaves() {
    // As an out-of-order queue under a steady flow: new ranges join at the top, in-order data
    // drains the oldest; the live ranges move through the arrays, which compact or grow under them.
    SequenceRanges ranges = new SequenceRanges();
    for (long i = 0; i < 10_000; i++) {
      ranges.add(i * 10, i * 10 + 5);
      if (i % 3 == 2) {
        // In-order data reaches range i - 20: it and every range below it leave.
        ranges.drain((i - 20) * 10 + 5);
      }
      long lastDrop = i % 3 == 2 ? i : i - i % 3 - 1;
      long oldest = Math.max(0, lastDrop - 19);
      assertThat(ranges.start(0)).as("oldest after %d", i).isEqualTo(oldest * 10);
      assertThat(ranges.size()).isEqualTo((int) (i - ranges.start(0) / 10 + 1));
      assertThat(ranges.end(ranges.size() - 1)).isEqualTo(i * 10 + 5);
    }
    for (int k = 1; k < ranges.size(); k++) {
      assertThat(ranges.start(k)).isEqualTo(ranges.start(k - 1) + 10);
      assertThat(ranges.end(k)).isEqualTo(ranges.start(k) + 5);
    }
  }

  private static boolean coveredByReference(TreeMap<Long, Long> ranges, long seq, long end) {
    Map.Entry<Long, Long> floor = ranges.floorEntry(seq);
    return floor != null && floor.getValue() >= end;
  }

  private static void addToReference(TreeMap<Long, Long> ranges, long seq, long end) {
    long start = seq;
    long stop = end;
    Map.Entry<Long, Long> floor = ranges.floorEntry(start);
    if (floor != null && floor.getValue() >= start) {
      start = floor.getKey();
      stop = Math.max(stop, floor.getValue());
      ranges.remove(floor.getKey());
    }
    Map.Entry<Long, Long> next = ranges.ceilingEntry(start);
    while (next != null && next.getKey() <= stop) {
      stop = Math.max(stop, next.getValue());
      ranges.remove(next.getKey());
      next = ranges.ceilingEntry(start);
    }
    ranges.put(start, stop);
  }

  @Test
  void touchingRangesMergeAndGapsStay() {
    SequenceRanges ranges = new SequenceRanges();
    ranges.add(100, 200);
    ranges.add(300, 400);
    ranges.add(200, 250);
    assertThat(ranges.size()).isEqualTo(2);
    assertThat(ranges.end(0)).isEqualTo(250);
    assertThat(ranges.firstEndingAbove(250)).isEqualTo(1);
    ranges.add(240, 310);
    assertThat(ranges.size()).isEqualTo(1);
    assertThat(ranges.start(0)).isEqualTo(100);
    assertThat(ranges.end(0)).isEqualTo(400);
    assertThat(ranges.drain(100)).isEqualTo(400);
    assertThat(ranges.isEmpty()).isTrue();
  }
}
