package org.bondsim.core.engine;

/**
 * A single-threaded discrete-event scheduler over a long nanosecond clock.
 *
 * <p>Events are kept in binary min-heaps ({@link EventHeap}) over parallel primitive arrays ordered
 * by (time, insertion number), so events at the same instant run in the order they were scheduled
 * and scheduling allocates nothing once the arrays have grown. An event scheduled more than {@link
 * #FAR_NS} ahead (a TCP timer, a monitor's next tick) waits in a heap of its own, and the loop runs
 * whichever of the two heaps' first entries is earlier: the order is exactly one heap's, while the
 * events of frames on their way, which come and go many times a millisecond, sift through a heap a
 * few entries deep even where hundreds of connections keep their timers pending (a TCP_RR test of
 * 200 streams: about 780 entries pending, 750 of them more than a millisecond out).
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
  // Two heaps, both ordered by (time, order): what falls due within FAR_NS of its scheduling, and
  // what lies further out. The next event is the earlier of the two tops, so which heap holds an
  // entry never changes when it runs. In a run with many connections most pending entries are
  // their timers, far out and seldom reached; apart, they leave the heap every frame passes through
  // a few levels shallow.
  private final EventHeap near = new EventHeap();
  private final EventHeap far = new EventHeap();
  // Events due at the current instant, with their arguments, in the order they were scheduled.
  private final TaggedRing<Event> nowEvents = new TaggedRing<>();
  private long nextOrder;
  private long now;
  private boolean stopped;
  private long dispatched;
  private Stalls stalls;
  // The end of the last stall something ran late for: the instant the machine caught up at.
  private long caughtUpAt = -1;
  private boolean carriedCatchUp;

  /**
   * How far ahead an event must lie when it is scheduled to wait in the far heap: 1 ms, beyond
   * every serialisation, propagation and softirq step of a run and short of TCP's timers.
   */
  static final long FAR_NS = 1_000_000L;

  /** Starts an empty loop at time 0. */
  public EventLoop() {}

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
    return near.size() + far.size() + nowEvents.size();
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
      nowEvents.add(event, arg);
      return;
    }
    (at - now > FAR_NS ? far : near).add(at, nextOrder++, event, arg);
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
      EventHeap next = next();
      if (next != null && next.topTime() == now && now <= until) {
        runTop(next, now);
      } else if (!nowEvents.isEmpty() && now <= until) {
        runNow();
      } else if (next != null && next.topTime() <= until) {
        runTop(next, next.topTime());
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
      EventHeap next = next();
      if (next != null && next.topTime() == now && now <= until) {
        runTop(next, now);
      } else if (!nowEvents.isEmpty() && now <= until) {
        runNow();
      } else {
        long due = next != null ? Math.max(now, stalls.resume(next.topTime())) : Long.MAX_VALUE;
        if (due > until) {
          break;
        }
        if (due > next.topTime()) {
          caughtUpAt = due;
        }
        runTop(next, due);
      }
    }
    if (until > now && !stopped) {
      now = until;
    }
    stopped = false;
  }

  private void runNow() {
    long arg = nowEvents.firstTag();
    Event event = nowEvents.removeFirst();
    dispatched++;
    event.fire(now, arg);
  }

  /** The heap whose top runs next, or null when both are empty. */
  private EventHeap next() {
    if (far.size() == 0) {
      return near.size() > 0 ? near : null;
    }
    return near.size() > 0 && near.topBefore(far) ? near : far;
  }

  private void runTop(EventHeap heap, long at) {
    now = at;
    dispatched++;
    heap.fireTop(at);
  }

  /**
   * Makes the running {@link #runUntil} return after the current event, with the clock at that
   * event's time: how a run ends a phase whose length depends on what happens in it (the ARP
   * exchange before a test).
   */
  public void stop() {
    stopped = true;
  }
}
