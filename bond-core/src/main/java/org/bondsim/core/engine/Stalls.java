package org.bondsim.core.engine;

/**
 * Spans of time in which the machine that runs the whole simulation stands still, such as a
 * user-mode Linux guest that its host did not run: whatever falls due inside a stall happens when
 * it ends, in the order it fell due ({@link EventLoop#stallWith}).
 */
@FunctionalInterface
public interface Stalls {
  /**
   * When something due at {@code at} happens: {@code at} itself, or the end of the stall that
   * covers it. The loop asks with instants that never decrease, so an implementation may draw its
   * stalls as time goes on; the answer must depend on {@code at} alone.
   *
   * @param at the instant something falls due
   * @return {@code at}, or the end of the stall it falls in
   */
  long resume(long at);
}
