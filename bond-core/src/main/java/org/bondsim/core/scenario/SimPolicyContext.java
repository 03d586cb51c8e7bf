package org.bondsim.core.scenario;

import org.bondsim.api.Bond;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.RandomSource;
import org.bondsim.core.engine.EventLoop;

/** The {@link PolicyContext} of one bond in one run. */
final class SimPolicyContext implements PolicyContext {
  private final Bond bond;
  private final EventLoop loop;
  private final RandomSource random;

  SimPolicyContext(Bond bond, EventLoop loop, RandomSource random) {
    this.bond = bond;
    this.loop = loop;
    this.random = random;
  }

  @Override
  public Bond bond() {
    return bond;
  }

  @Override
  public long now() {
    return loop.now();
  }

  @Override
  public void schedule(long delayNs, Runnable task) {
    if (delayNs < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ns, got " + delayNs);
    }
    loop.scheduleIn(delayNs, (now, arg) -> task.run(), 0);
  }

  @Override
  public RandomSource random() {
    return random;
  }
}
