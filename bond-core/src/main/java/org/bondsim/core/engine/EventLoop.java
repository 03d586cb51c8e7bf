package org.bondsim.core.engine;

import java.util.Arrays;

/**
 * A single-threaded discrete-event scheduler over a long nanosecond clock.
 *
 * <p>Events are kept in a binary min-heap over parallel primitive arrays ordered by (time,
 * insertion number), so events at the same instant run in the order they were scheduled and
 * scheduling allocates nothing once the arrays have grown. The heap moves times and slot numbers;
 * each event's own fields stay in its slot until it fires. Most lanes in a run (a link direction, a
 * monitor) keep at most one pending event each, so the heap stays small.
 *
 * <p>An event scheduled for the current instant (a softirq raised by an interrupt, about a third of
 * all events in a TCP run) skips the heap: it goes to a first-in first-out ring that runs once the
 * heap holds nothing more at this instant. The order is the same as the heap's: every heap entry at
 * the current instant was scheduled before the clock reached it, so before any ring entry.
 *
 * <p>With {@link #stallWith stalls}, the machine stands still now and then: an event due inside a
 * stall runs when the stall ends, after the events due before it and in their order, and what it
 * schedules for an instant already passed happens at once. Without them nothing of this runs.
 */
public final class EventLoop {
  // The heap orders entries by (time, order); an entry's order, argument and event stay in a slot
  // of their own while the heap moves only its time and slot number, so a sift step writes two
  // primitive arrays instead of four arrays, one of them of references.
  private long[] times = new long[64];
  private int[] slots = new int[64];
  private long[] orders = new long[64];
  private long[] args = new long[64];
  private Event[] events = new Event[64];
  private int[] freeSlots = new int[64];
  private int freeCount = 64;
  private int size;
  private long[] nowArgs = new long[16];
  private Event[] nowEvents = new Event[16];
  private int nowHead;
  private int nowSize;
  private long nextOrder;
  private long now;
  private boolean stopped;
  private long dispatched;
  private Stalls stalls;
  // The end of the last stall something ran late for: the instant the machine caught up at.
  private long caughtUpAt = -1;
  private boolean carriedCatchUp;

  /** Starts an empty loop at time 0. */
  public EventLoop() {
    for (int k = 0; k < freeCount; k++) {
      freeSlots[k] = freeCount - 1 - k;
    }
  }

  /**
   * Returns the current simulated time.
   *
   * @return nanoseconds since the start of the run
   */
  public long now() {
    return now;
  }

  /**
   * Returns how many events have run.
   *
   * @return the count
   */
  public long dispatched() {
    return dispatched;
  }

  /**
   * Returns how many events are waiting.
   *
   * @return the count
   */
  public int pending() {
    return size + nowSize;
  }

  /**
   * Schedules an event.
   *
   * @param at the instant, not before {@link #now()}
   * @param event what to run
   * @param arg passed back to the event
   */
  public void schedule(long at, Event event, long arg) {
    if (at < now && stalls != null) {
      // Worked out before a stall from what was due then: it is late, not in the past.
      at = now;
    }
    if (at < now) {
      throw new IllegalArgumentException("cannot schedule in the past: " + at + " < " + now);
    }
    if (at == now) {
      enqueueNow(event, arg);
      return;
    }
    if (size == times.length) {
      grow();
    }
    long order = nextOrder++;
    int slot = freeSlots[--freeCount];
    orders[slot] = order;
    args[slot] = arg;
    events[slot] = event;
    int i = size++;
    // Sift up.
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!before(at, order, times[parent], orders[slots[parent]])) {
        break;
      }
      move(parent, i);
      i = parent;
    }
    times[i] = at;
    slots[i] = slot;
  }

  /**
   * Schedules an event after a delay.
   *
   * @param delayNs nanoseconds from now, at least 0
   * @param event what to run
   * @param arg passed back to the event
   */
  public void scheduleIn(long delayNs, Event event, long arg) {
    schedule(now + delayNs, event, arg);
  }

  /**
   * Runs events in time order until none is left or the next one lies after {@code until}; the
   * clock then stands at {@code until} (or at the last event if that was later, which cannot
   * happen).
   *
   * @param until the last instant to simulate, inclusive
   */
  public void runUntil(long until) {
    if (stalls != null) {
      runStalled(until);
      return;
    }
    stopped = false;
    while (!stopped) {
      if (size > 0 && times[0] == now && now <= until) {
        runTop();
      } else if (nowSize > 0 && now <= until) {
        runNow();
      } else if (size > 0 && times[0] <= until) {
        runTop();
      } else {
        break;
      }
    }
    if (until > now && !stopped) {
      now = until;
    }
    stopped = false;
  }

  /**
   * Makes the machine stand still during {@code stalls} from now on (a user-mode Linux guest that
   * its host did not run, {@code bondsim crosscheck}); set before the run starts.
   *
   * @param stalls when the machine stands still
   */
  public void stallWith(Stalls stalls) {
    if (stalls == null) {
      throw new NullPointerException("stalls must be given");
    }
    this.stalls = stalls;
  }

  /**
   * Returns whether the machine is catching up: the clock stands at the end of a stall, where what
   * came due during it runs at once. A Linux guest works such a backlog off in {@code ksoftirqd}
   * ({@code __do_softirq} hands its softirqs over once they have run for {@code MAX_SOFTIRQ_TIME},
   * 2 ms), which some kernel paths read as stress ({@code tcp_wfree}). Never without stalls.
   *
   * @return true while the events of a stall's end run
   */
  public boolean catchingUp() {
    return now == caughtUpAt || carriedCatchUp;
  }

  /**
   * Counts what runs until the call with false as part of the catch-up that began the work, though
   * the clock has moved past it: a frame a stall's end released finishes on a veth in the same
   * softirq ({@code veth_xmit} frees it at once), where bondsim completes it a serialisation later.
   *
   * @param on true before such work, false after it
   */
  public void carryCatchUp(boolean on) {
    carriedCatchUp = on;
  }

  /** {@link #runUntil} with stalls: each heap entry runs when it is due or its stall ends. */
  private void runStalled(long until) {
    stopped = false;
    while (!stopped) {
      if (size > 0 && times[0] == now && now <= until) {
        runTop(now);
      } else if (nowSize > 0 && now <= until) {
        runNow();
      } else {
        long due = size > 0 ? Math.max(now, stalls.resume(times[0])) : Long.MAX_VALUE;
        if (due > until) {
          break;
        }
        if (due > times[0]) {
          caughtUpAt = due;
        }
        runTop(due);
      }
    }
    if (until > now && !stopped) {
      now = until;
    }
    stopped = false;
  }

  private void runNow() {
    Event event = nowEvents[nowHead];
    long arg = nowArgs[nowHead];
    nowEvents[nowHead] = null;
    nowHead = (nowHead + 1) & (nowEvents.length - 1);
    nowSize--;
    dispatched++;
    event.fire(now, arg);
  }

  private void runTop() {
    runTop(times[0]);
  }

  private void runTop(long at) {
    int slot = slots[0];
    long arg = args[slot];
    Event event = events[slot];
    events[slot] = null;
    freeSlots[freeCount++] = slot;
    removeTop();
    now = at;
    dispatched++;
    event.fire(at, arg);
  }

  private void enqueueNow(Event event, long arg) {
    if (nowSize == nowEvents.length) {
      growNow();
    }
    int tail = (nowHead + nowSize) & (nowEvents.length - 1);
    nowEvents[tail] = event;
    nowArgs[tail] = arg;
    nowSize++;
  }

  private void growNow() {
    int capacity = nowEvents.length * 2;
    Event[] events2 = new Event[capacity];
    long[] args2 = new long[capacity];
    for (int k = 0; k < nowSize; k++) {
      int from = (nowHead + k) & (nowEvents.length - 1);
      events2[k] = nowEvents[from];
      args2[k] = nowArgs[from];
    }
    nowEvents = events2;
    nowArgs = args2;
    nowHead = 0;
  }

  /**
   * Makes the running {@link #runUntil} return after the current event, with the clock at that
   * event's time: how a run ends a phase whose length depends on what happens in it (the ARP
   * exchange before a test).
   */
  public void stop() {
    stopped = true;
  }

  private static boolean before(long t1, long o1, long t2, long o2) {
    return t1 < t2 || (t1 == t2 && o1 < o2);
  }

  private void move(int from, int to) {
    times[to] = times[from];
    slots[to] = slots[from];
  }

  private void removeTop() {
    int last = --size;
    if (last == 0) {
      return;
    }
    long t = times[last];
    int slot = slots[last];
    long o = orders[slot];
    // Sift the former last entry down from the root.
    int i = 0;
    int half = last >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < last
          && before(times[right], orders[slots[right]], times[child], orders[slots[child]])) {
        child = right;
      }
      if (!before(times[child], orders[slots[child]], t, o)) {
        break;
      }
      move(child, i);
      i = child;
    }
    times[i] = t;
    slots[i] = slot;
  }

  private void grow() {
    int capacity = times.length * 2;
    times = Arrays.copyOf(times, capacity);
    slots = Arrays.copyOf(slots, capacity);
    orders = Arrays.copyOf(orders, capacity);
    args = Arrays.copyOf(args, capacity);
    events = Arrays.copyOf(events, capacity);
    // Every slot below the old capacity is taken (the heap was full): the new ones are free.
    freeSlots = new int[capacity];
    freeCount = 0;
    for (int k = capacity - 1; k >= size; k--) {
      freeSlots[freeCount++] = k;
    }
  }
}
