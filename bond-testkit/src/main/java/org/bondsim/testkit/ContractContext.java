package org.bondsim.testkit;

import java.util.PriorityQueue;
import org.bondsim.api.Bond;
import org.bondsim.api.RandomSource;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.core.engine.SeededRandom;

/**
 * A {@link PolicyContext} for contract runs: simulated time that the run advances itself, timers
 * that fire in time order (ties in scheduling order), and a random source seeded by the run, so the
 * same run and seed give the same choices.
 */
public final class ContractContext implements PolicyContext {
  private record Timer(long at, long order, Runnable task) {}

  private final Bond bond;
  private final SeededRandom random;
  private final PriorityQueue<Timer> timers =
      new PriorityQueue<>(
          (a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.order, b.order));
  private long now;
  private long scheduled;

  /**
   * Builds a context.
   *
   * @param bond the bond the policy serves
   * @param seed the seed of its random source
   */
  public ContractContext(Bond bond, long seed) {
    this.bond = bond;
    this.random = new SeededRandom(seed);
  }

  /**
   * Moves time forward to {@code time}, running every timer due by then.
   *
   * @param time the new time in nanoseconds
   */
  public void advanceTo(long time) {
    while (!timers.isEmpty() && timers.peek().at <= time) {
      Timer timer = timers.poll();
      now = timer.at;
      timer.task.run();
    }
    now = Math.max(now, time);
  }

  @Override
  public Bond bond() {
    return bond;
  }

  @Override
  public long now() {
    return now;
  }

  @Override
  public void schedule(long delayNs, Runnable task) {
    if (delayNs < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ns, got " + delayNs);
    }
    timers.add(new Timer(now + delayNs, scheduled++, task));
  }

  @Override
  public RandomSource random() {
    return random;
  }
}
