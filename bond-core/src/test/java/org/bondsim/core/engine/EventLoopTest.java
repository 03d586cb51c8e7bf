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

  /**
   * Rounds of scheduling and partial runs: the heap grows while slots freed by earlier events are
   * reused, and every event still fires once, with its own argument, in (time, scheduling) order.
   */
  @Property
  void slotsFreedByFiredEventsAreReusedAsTheHeapGrows(
      @ForAll @Size(min = 1, max = 12)
          List<@Size(max = 90) List<@LongRange(min = 1, max = 400) Long>> rounds) {
    // Each round runs half of the way to the furthest event: some fire and free their slots, some
    // wait.
    checkRoundsAgainstAQueue(rounds, (now, delay) -> now + delay, 200);
  }

  @Test
  void anEventScheduledFarAheadRunsBeforeOneScheduledLaterForTheSameInstant() {
    EventLoop loop = new EventLoop();
    List<Long> fired = new ArrayList<>();
    Event record = (now, arg) -> fired.add(arg);
    long at = 3 * EventLoop.FAR_NS;
    loop.schedule(at, record, 1);
    loop.schedule(at + 1, record, 2);
    loop.runUntil(at - EventLoop.FAR_NS / 2);
    // Now less than FAR_NS ahead: these wait beside the frames' events, the first two apart.
    loop.schedule(at, record, 3);
    loop.schedule(at - 1, record, 4);
    loop.runUntil(Long.MAX_VALUE);
    assertThat(fired).containsExactly(4L, 1L, 3L, 2L);
  }

  /**
   * Events scheduled from a few hundred microseconds to a few milliseconds ahead, on a grid coarse
   * enough that many fall on one instant, some scheduled while that instant lay more than {@link
   * EventLoop#FAR_NS} ahead and some after: they still run in (time, scheduling) order, as a plain
   * priority queue gives it.
   */
  @Property
  void eventsNearAndFarAheadKeepOneOrder(
      @ForAll @Size(min = 1, max = 12)
          List<@Size(max = 60) List<@LongRange(min = 0, max = 16) Long>> rounds) {
    long grid = EventLoop.FAR_NS / 4;
    // On the grid, so that events scheduled in different rounds meet on one instant.
    checkRoundsAgainstAQueue(
        rounds, (now, step) -> (now / grid + 1 + step) * grid, EventLoop.FAR_NS + grid / 2);
  }

  /**
   * Rounds of scheduling, each followed by a run of {@code runFor}: after every round exactly the
   * events a plain priority queue over (time, scheduling number) would have run have fired, in its
   * order, and the rest are pending.
   */
  private static void checkRoundsAgainstAQueue(
      List<List<Long>> rounds, java.util.function.LongBinaryOperator instant, long runFor) {
    EventLoop loop = new EventLoop();
    List<Long> fired = new ArrayList<>();
    Event record = (now, arg) -> fired.add(arg);
    java.util.PriorityQueue<long[]> reference =
        new java.util.PriorityQueue<>(
            Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    List<Long> expected = new ArrayList<>();
    long id = 0;
    for (List<Long> round : rounds) {
      for (long value : round) {
        long at = instant.applyAsLong(loop.now(), value);
        loop.schedule(at, record, id);
        reference.add(new long[] {at, id});
        id++;
      }
      long until = loop.now() + runFor;
      loop.runUntil(until);
      while (!reference.isEmpty() && reference.peek()[0] <= until) {
        expected.add(reference.poll()[1]);
      }
      assertThat(fired).containsExactlyElementsOf(expected);
      assertThat(loop.pending()).isEqualTo(reference.size());
    }
    loop.runUntil(Long.MAX_VALUE);
    while (!reference.isEmpty()) {
      expected.add(reference.poll()[1]);
    }
    assertThat(fired).containsExactlyElementsOf(expected);
  }

  /**
   * Events that schedule more events, many at the current instant (which skip the heap), still run
   * in (time, scheduling order), checked against a plain priority queue doing the same work.
   */
  @Property
  void eventsScheduledAtTheCurrentInstantKeepTheOrder(
      @ForAll @Size(min = 1, max = 40) List<@LongRange(min = 0, max = 3) Long> delays) {
    EventLoop loop = new EventLoop();
    List<Long> fired = new ArrayList<>();
    long[] budget = {400};
    long[] ids = {2};
    Event[] spawn = new Event[1];
    spawn[0] =
        (now, arg) -> {
          fired.add(arg);
          for (int k = 0; k < 2 && budget[0] > 0; k++, budget[0]--) {
            long delay = delays.get((int) ((arg * 7 + k) % delays.size()));
            loop.schedule(now + delay, spawn[0], ids[0]++);
          }
        };
    loop.schedule(0, spawn[0], 0);
    loop.schedule(0, spawn[0], 1);
    loop.runUntil(Long.MAX_VALUE);

    List<Long> expected = new ArrayList<>();
    java.util.PriorityQueue<long[]> queue =
        new java.util.PriorityQueue<>(
            Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    long[] order = {0};
    long[] left = {400};
    long[] next = {2};
    queue.add(new long[] {0, order[0]++, 0});
    queue.add(new long[] {0, order[0]++, 1});
    while (!queue.isEmpty()) {
      long[] e = queue.poll();
      expected.add(e[2]);
      for (int k = 0; k < 2 && left[0] > 0; k++, left[0]--) {
        long delay = delays.get((int) ((e[2] * 7 + k) % delays.size()));
        queue.add(new long[] {e[0] + delay, order[0]++, next[0]++});
      }
    }
    assertThat(fired).containsExactlyElementsOf(expected);
    assertThat(loop.pending()).isZero();
  }

  @Test
  void stopEndsTheRunAfterTheCurrentEventEvenWithSameInstantEventsWaiting() {
    EventLoop loop = new EventLoop();
    List<Long> fired = new ArrayList<>();
    loop.schedule(
        5,
        (now, arg) -> {
          fired.add(arg);
          loop.schedule(now, (n, a) -> fired.add(a), 2);
          loop.stop();
        },
        1);
    loop.runUntil(100);
    assertThat(fired).containsExactly(1L);
    assertThat(loop.now()).isEqualTo(5);
    assertThat(loop.pending()).isEqualTo(1);
    loop.runUntil(100);
    assertThat(fired).containsExactly(1L, 2L);
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
