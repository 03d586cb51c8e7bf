package org.bondsim.core.engine;

/**
 * Something that happens at an instant of simulated time. Implementations are long-lived objects (a
 * link's "frame arrives" handler, a monitor's tick) so that scheduling allocates nothing; the
 * {@code arg} passed back is whatever the scheduler was given, often an epoch that lets a handler
 * ignore an event made stale by a link failure.
 */
@FunctionalInterface
public interface Event {
  /**
   * Runs the event.
   *
   * @param now the current simulated time in nanoseconds
   * @param arg the value given to {@link EventLoop#schedule}
   */
  void fire(long now, long arg);
}
