package org.bondsim.core.workload;

import org.bondsim.api.workload.Timer;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;

/**
 * A {@link Timer} on the event loop. Re-arming does not remove the old heap entry; it bumps a
 * generation number so the stale entry is ignored when it comes up, which keeps arming O(log n) and
 * allocation-free.
 */
final class SimTimer implements Timer, Event {
  private final EventLoop loop;
  private final Runnable action;
  private long generation;
  private long expiresAt = -1;

  SimTimer(EventLoop loop, Runnable action) {
    this.loop = loop;
    this.action = action;
  }

  @Override
  public void armAt(long atNs) {
    generation++;
    expiresAt = Math.max(atNs, loop.now());
    loop.schedule(expiresAt, this, generation);
  }

  @Override
  public void cancel() {
    generation++;
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
    expiresAt = -1;
    action.run();
  }
}
