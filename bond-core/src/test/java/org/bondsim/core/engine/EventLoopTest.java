package org.bondsim.core.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class EventLoopTest {
  @Test
  void eventsAtTheSameInstantRunInSchedulingOrder() {
    EventLoop loop = new EventLoop();
    List<Long> fired = new ArrayList<>();
    Event record = (now, arg) -> fired.add(arg);
    loop.schedule(10, record, 1);
    loop.schedule(5, record, 2);
    loop.schedule(10, record, 3);
    loop.schedule(5, record, 4);
    loop.runUntil(100);
    assertThat(fired).containsExactly(2L, 4L, 1L, 3L);
    assertThat(loop.now()).isEqualTo(100);
    assertThat(loop.dispatched()).isEqualTo(4);
  }

  @Test
  void runUntilLeavesLaterEventsPendingAndEventsMayScheduleMore() {
    EventLoop loop = new EventLoop();
    List<Long> times = new ArrayList<>();
    Event[] chain = new Event[1];
    chain[0] =
        (now, arg) -> {
          times.add(now);
          loop.scheduleIn(10, chain[0], 0);
        };
    loop.schedule(0, chain[0], 0);
    loop.runUntil(35);
    assertThat(times).containsExactly(0L, 10L, 20L, 30L);
    assertThat(loop.pending()).isEqualTo(1);
  }

  @Test
  void schedulingInThePastIsRefused() {
    EventLoop loop = new EventLoop();
    loop.runUntil(50);
    assertThatThrownBy(() -> loop.schedule(49, (now, arg) -> {}, 0)).hasMessageContaining("past");
  }

  @Property
  void eventsFireInTimeOrderThenInsertionOrder(
      @ForAll @Size(max = 300) List<@LongRange(min = 0, max = 50) Long> times) {
    EventLoop loop = new EventLoop();
    List<long[]> fired = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      loop.schedule(times.get(i), (now, arg) -> fired.add(new long[] {now, arg}), i);
    }
    loop.runUntil(Long.MAX_VALUE);
    List<long[]> expected = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      expected.add(new long[] {times.get(i), i});
    }
    expected.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    assertThat(fired)
        .usingElementComparator(EventLoopTest::compare)
        .containsExactlyElementsOf(expected);
  }

  private static int compare(long[] a, long[] b) {
    return a[0] == b[0] && a[1] == b[1] ? 0 : 1;
  }

  @Test
  void splitRandomSourcesAreReproducibleAndIndependent() {
    SeededRandom a = new SeededRandom(42);
    SeededRandom b = new SeededRandom(42);
    SeededRandom a1 = a.split();
    SeededRandom b1 = b.split();
    for (int i = 0; i < 10; i++) {
      assertThat(a1.nextLong()).isEqualTo(b1.nextLong());
    }
    assertThat(new SeededRandom(1).split().nextLong())
        .isNotEqualTo(new SeededRandom(2).split().nextLong());
  }
}
