package org.bondsim.core.engine;

import org.bondsim.api.workload.Timer;

/**
 * A {@link Timer} on the event loop that keeps at most one live heap entry. TCP re-arms its
 * retransmission timer on nearly every ACK, almost always to a later time; pushing a heap entry
 * each time would fill the heap with stale entries. Instead a later expiry only moves {@code
 * expiresAt}, and the entry, when it comes up early, re-schedules itself for the real expiry. An
 * earlier expiry pushes a new entry and makes the old one stale (a generation number tells them
 * apart). Arming and cancelling allocate nothing.
 */
public final class SimTimer implements Timer, Event {
  private final EventLoop loop;
  private final Runnable action;
  private long generation;
  private long scheduledAt = -1;
  private long expiresAt = -1;

  public SimTimer(EventLoop loop, Runnable action) {
    this.loop = loop;
    this.action = action;
  }

  @Override
  public void armAt(long atNs) {
    expiresAt = Math.max(atNs, loop.now());
    if (scheduledAt >= 0 && scheduledAt <= expiresAt) {
      return;
    }
    generation++;
    scheduledAt = expiresAt;
    loop.schedule(expiresAt, this, generation);
  }

  @Override
  public void cancel() {
    expiresAt = -1;
  }

  @Override
  public boolean armed() {
    return expiresAt >= 0;
  }

  @Override
  public long expiresAt() {
    return expiresAt;
  }

  @Override
  public void fire(long now, long arg) {
    if (arg != generation) {
      return;
    }
    scheduledAt = -1;
    if (expiresAt < 0) {
      return;
    }
    if (now < expiresAt) {
      generation++;
      scheduledAt = expiresAt;
      loop.schedule(expiresAt, this, generation);
      return;
    }
    expiresAt = -1;
    action.run();
  }
}
