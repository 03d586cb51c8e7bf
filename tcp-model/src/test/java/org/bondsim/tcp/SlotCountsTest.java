package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The k-th marked slot of a wrapped ring, against counting it out. */
class SlotCountsTest {
  @Property(tries = 300)
  void findsTheKthMarkInRingOrder(
      @ForAll @IntRange(min = 0, max = 63) int head,
      @ForAll @IntRange(min = 0, max = 64) int count,
      @ForAll @Size(64) List<Boolean> marks,
      @ForAll @IntRange(min = 1, max = 70) int k) {
    SlotCounts counts = new SlotCounts(64);
    List<Integer> marked = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int slot = (head + i) & 63;
      if (marks.get(slot)) {
        counts.add(slot, 1);
        marked.add(i);
      }
    }
    int expected = k <= marked.size() ? marked.get(k - 1) : -1;
    assertThat(counts.kthLogical(head, count, k)).isEqualTo(expected);
  }
}
