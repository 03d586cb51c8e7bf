package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Runs of equal writes mark PSH exactly where a list of every call's end would. */
class PushMarksPropertiesTest {
  @Property(tries = 500)
  void runsAgreeWithEveryEndKeptApart(
      @ForAll @Size(min = 1, max = 40) List<@IntRange(min = 1, max = 5) Integer> calls,
      @ForAll @Size(min = 1, max = 40) List<@IntRange(min = 1, max = 4000) Integer> sizes,
      @ForAll @IntRange(min = 1, max = 3000) int mss) {
    PushMarks marks = new PushMarks();
    Deque<Long> ends = new ArrayDeque<>();
    long written = 0;
    long sent = 0;
    for (int i = 0; i < Math.min(calls.size(), sizes.size()); i++) {
      int n = calls.get(i);
      int size = sizes.get(i % 3 == 0 ? 0 : i); // repeat sizes often, so runs merge
      marks.write(n, size);
      for (int k = 0; k < n; k++) {
        written += size;
        ends.add(written);
      }
      // Send what fits in whole segments, then maybe a short tail.
      while (written - sent >= mss || (i % 2 == 1 && written > sent)) {
        long end = Math.min(written, sent + mss);
        boolean exact = false;
        while (!ends.isEmpty() && ends.peek() <= end) {
          exact = ends.poll() == end;
        }
        assertThat(marks.pushFor(end)).isEqualTo(exact || end >= written);
        sent = end;
      }
    }
  }

  /** Segments cut at min(MSS, next record end, what is written) end at every record end. */
  @Property(tries = 300)
  void noSegmentCrossesTheEndOfARecord(
      @ForAll @Size(min = 1, max = 40) List<@IntRange(min = 1, max = 5000) Integer> sizes,
      @ForAll @Size(min = 1, max = 40) List<Boolean> endsRecord,
      @ForAll @IntRange(min = 1, max = 3000) int mss) {
    PushMarks marks = new PushMarks();
    java.util.Set<Long> recordEnds = new java.util.HashSet<>();
    long written = 0;
    for (int i = 0; i < sizes.size(); i++) {
      marks.write(1, sizes.get(i));
      written += sizes.get(i);
      if (endsRecord.get(i % endsRecord.size())) {
        marks.endRecord();
        recordEnds.add(written);
      }
    }
    java.util.Set<Long> segmentEnds = new java.util.HashSet<>();
    long sent = 0;
    while (sent < written) {
      long end = Math.min(Math.min(written, marks.recordEndAbove(sent)), sent + mss);
      assertThat(end).isGreaterThan(sent);
      segmentEnds.add(end);
      sent = end;
    }
    assertThat(segmentEnds).containsAll(recordEnds);
  }
}
