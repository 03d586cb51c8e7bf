package org.bondsim.core.engine;

import java.util.SplittableRandom;
import org.bondsim.api.RandomSource;

/**
 * A component's random source. A run makes one root from its seed and {@link #split() splits} one
 * child per component in a fixed order, so adding randomness to one component does not change the
 * numbers another one draws.
 */
public final class SeededRandom implements RandomSource {
  private final SplittableRandom random;

  /**
   * Makes the root source of a run.
   *
   * @param seed the run's seed
   */
  public SeededRandom(long seed) {
    this(new SplittableRandom(seed));
  }

  private SeededRandom(SplittableRandom random) {
    this.random = random;
  }

  /**
   * Splits off an independent source for one component.
   *
   * @return a new source
   */
  public SeededRandom split() {
    return new SeededRandom(random.split());
  }

  @Override
  public int nextInt() {
    return random.nextInt();
  }

  @Override
  public int nextInt(int bound) {
    return random.nextInt(bound);
  }

  @Override
  public long nextLong() {
    return random.nextLong();
  }

  @Override
  public double nextDouble() {
    return random.nextDouble();
  }
}
