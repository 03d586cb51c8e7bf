package org.bondsim.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class EventLoopStallTest {
  /** One stall from 100 to 250 ns. */
  private static final Stalls ONE = at -> at >= 100 && at < 250 ? 250 : at;

  @Test
  void eventsDueInAStallRunWhenItEndsInTheOrderTheyFellDue() {
    EventLoop loop = new EventLoop();
    loop.stallWith(ONE);
    List<long[]> fired = new ArrayList<>();
    Event record = (now, arg) -> fired.add(new long[] {now, arg});
    loop.schedule(90, record, 1);
    loop.schedule(180, record, 3);
    loop.schedule(120, record, 2);
    loop.schedule(250, record, 4);
    loop.schedule(300, record, 5);
    loop.runUntil(1000);
    assertThat(fired)
        .extracting(e -> e[0] + "@" + e[1])
        .containsExactly("90@1", "250@2", "250@3", "250@4", "300@5");
  }

  @Test
  void whatALateEventStartsRunsBeforeTheNextLateEvent() {
    // A lane that delivers one frame and then schedules the next for when it was due (a netem
    // releasing its queue): after a stall one lane's backlog drains before the next lane's, as
    // qdisc_run empties one qdisc before it takes the next.
    EventLoop loop = new EventLoop();
    loop.stallWith(ONE);
    List<String> fired = new ArrayList<>();
    Event[] lane = new Event[1];
    lane[0] =
        (now, arg) -> {
          long laneId = arg / 10;
          long frame = arg % 10;
          fired.add(laneId + "." + frame + "@" + now);
          if (frame < 2) {
            // The next frame was due 20 ns after this one: already passed after the stall.
            loop.schedule(110 + 20 * (frame + 1) + laneId, lane[0], arg + 1);
          }
        };
    loop.schedule(110, lane[0], 10);
    loop.schedule(111, lane[0], 20);
    loop.runUntil(1000);
    assertThat(fired)
        .containsExactly("1.0@250", "1.1@250", "1.2@250", "2.0@250", "2.1@250", "2.2@250");
  }

  @Test
  void runUntilStopsBeforeAnEventHeldPastItsEnd() {
    EventLoop loop = new EventLoop();
    loop.stallWith(ONE);
    List<Long> fired = new ArrayList<>();
    loop.schedule(150, (now, arg) -> fired.add(now), 0);
    loop.runUntil(200);
    assertThat(fired).isEmpty();
    assertThat(loop.now()).isEqualTo(200);
    loop.runUntil(300);
    assertThat(fired).containsExactly(250L);
  }

  @Test
  void withoutStallsNothingMoves() {
    EventLoop plain = new EventLoop();
    EventLoop stalled = new EventLoop();
    stalled.stallWith(at -> at);
    List<Long> a = new ArrayList<>();
    List<Long> b = new ArrayList<>();
    for (long t : new long[] {5, 1, 9, 9, 3}) {
      plain.schedule(t, (now, arg) -> a.add(now * 100 + arg), t);
      stalled.schedule(t, (now, arg) -> b.add(now * 100 + arg), t);
    }
    plain.runUntil(20);
    stalled.runUntil(20);
    assertThat(b).isEqualTo(a);
  }

  @Property
  void noEventRunsBeforeItIsDueNorInsideAStall(
      @ForAll @Size(max = 200) List<@LongRange(min = 0, max = 400) Long> times) {
    EventLoop loop = new EventLoop();
    loop.stallWith(ONE);
    List<long[]> fired = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      long due = times.get(i);
      loop.schedule(due, (now, arg) -> fired.add(new long[] {now, due}), i);
    }
    loop.runUntil(1000);
    assertThat(fired).hasSize(times.size());
    long last = 0;
    for (long[] f : fired) {
      assertThat(f[0]).isGreaterThanOrEqualTo(f[1]).isGreaterThanOrEqualTo(last);
      assertThat(f[0] >= 100 && f[0] < 250).isFalse();
      last = f[0];
    }
  }

  @Test
  void whatRunsAtAStallsEndIsCatchingUpAndWhatRunsOnTimeIsNot() {
    EventLoop loop = new EventLoop();
    loop.stallWith(ONE);
    List<String> fired = new ArrayList<>();
    Event record = (now, arg) -> fired.add(arg + (loop.catchingUp() ? " late" : " on time"));
    // 3 is scheduled by 2 for the stall's end itself: the same backlog; 4 runs 10 ns later.
    Event chain =
        (now, arg) -> {
          record.fire(now, arg);
          loop.schedule(now, record, 3);
          loop.schedule(now + 10, record, 4);
        };
    loop.schedule(90, record, 1);
    loop.schedule(120, chain, 2);
    loop.runUntil(1000);
    assertThat(fired).containsExactly("1 on time", "2 late", "3 late", "4 on time");
  }

  @Test
  void workCarriedFromACatchUpCountsAsPartOfIt() {
    EventLoop loop = new EventLoop();
    loop.stallWith(ONE);
    List<Boolean> seen = new ArrayList<>();
    Event carried =
        (now, arg) -> {
          loop.carryCatchUp(arg == 1);
          seen.add(loop.catchingUp());
          loop.carryCatchUp(false);
          seen.add(loop.catchingUp());
        };
    loop.schedule(400, carried, 1);
    loop.schedule(500, carried, 0);
    loop.runUntil(1000);
    assertThat(seen).containsExactly(true, false, false, false);
  }

  @Test
  void withoutStallsNothingIsEverCatchingUp() {
    EventLoop loop = new EventLoop();
    List<Boolean> seen = new ArrayList<>();
    loop.schedule(120, (now, arg) -> seen.add(loop.catchingUp()), 0);
    loop.schedule(0, (now, arg) -> seen.add(loop.catchingUp()), 0);
    loop.runUntil(1000);
    assertThat(seen).containsExactly(false, false);
  }
}
