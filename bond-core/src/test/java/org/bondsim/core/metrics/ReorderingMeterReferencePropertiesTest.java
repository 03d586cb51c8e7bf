package org.bondsim.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The meter against RFC 4737 computed the slow way: for every arrival, the whole history. Arrival
 * orders come from sending order with local shuffles, losses, duplicates and long jumps, so the
 * meter's hole map widens, shrinks and its breakpoint runs split.
 */
class ReorderingMeterReferencePropertiesTest {
  @Provide
  Arbitrary<List<Long>> arrivals() {
    return Arbitraries.longs()
        .between(0, 400)
        .list()
        .ofMinSize(1)
        .ofMaxSize(300)
        .map(
            offsets -> {
              List<Long> order = new ArrayList<>();
              long base = 0;
              for (long offset : offsets) {
                // Mostly small displacements, sometimes a far jump or a repeat.
                long q = offset < 300 ? base + offset % 7 : offset < 380 ? base : base + offset * 5;
                order.add(q);
                base++;
              }
              return order;
            });
  }

  @Property(tries = 300)
  void matchesTheDefinition(@ForAll("arrivals") List<Long> arrivals) {
    ReorderingMeter meter = new ReorderingMeter(8);
    arrivals.forEach(meter::onArrival);
    ReorderingStats stats = meter.snapshot();

    Set<Long> seen = new HashSet<>();
    List<Long> kept = new ArrayList<>();
    long duplicates = 0;
    long reordered = 0;
    long maxExtent = 0;
    long nextExpected = 0;
    for (long q : arrivals) {
      if (!seen.add(q)) {
        duplicates++;
        continue;
      }
      if (q < nextExpected) {
        reordered++;
        // RFC 4737 extent: back to the earliest arrival with a higher number.
        for (int j = 0; j < kept.size(); j++) {
          if (kept.get(j) > q) {
            maxExtent = Math.max(maxExtent, kept.size() - j);
            break;
          }
        }
      } else {
        nextExpected = q + 1;
      }
      kept.add(q);
    }
    assertThat(stats.duplicates()).isEqualTo(duplicates);
    assertThat(stats.received()).isEqualTo(kept.size());
    assertThat(stats.reordered()).isEqualTo(reordered);
    assertThat(stats.maxExtent()).isEqualTo(maxExtent);
  }
}
