package org.bondsim.api;

/**
 * A seeded source of random numbers owned by one component of one run. The same scenario and seed
 * give every component the same sequence.
 */
public interface RandomSource {
  /**
   * Returns a uniformly distributed int.
   *
   * @return any int
   */
  int nextInt();

  /**
   * Returns a uniformly distributed int below a bound.
   *
   * @param bound exclusive upper bound, positive
   * @return 0 (inclusive) to bound (exclusive)
   */
  int nextInt(int bound);

  /**
   * Returns a uniformly distributed long.
   *
   * @return any long
   */
  long nextLong();

  /**
   * Returns a uniformly distributed double.
   *
   * @return 0.0 (inclusive) to 1.0 (exclusive)
   */
  double nextDouble();
}
