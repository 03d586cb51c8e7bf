package org.bondsim.tcp;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Random scripts of what a peer and the clock do to a sending endpoint, for its properties. */
final class PeerSteps {
  private PeerSteps() {}

  /**
   * One step: {@code kind} 0, 1 or 2 (each property says what it does: a write, an ACK, time
   * passing) and two numbers it reads.
   */
  record Step(int kind, int a, int b) {}

  /**
   * Scripts of 1 to {@code maxSteps} steps.
   *
   * @param minA the least {@code a}
   * @param maxA the most {@code a}
   * @param maxB the most {@code b} (the least is 0)
   * @param maxSteps the most steps
   */
  static Arbitrary<List<Step>> scripts(int minA, int maxA, int maxB, int maxSteps) {
    Arbitrary<Step> step =
        Combinators.combine(
                Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(minA, maxA),
                Arbitraries.integers().between(0, maxB))
            .as(Step::new);
    return step.list().ofMinSize(1).ofMaxSize(maxSteps);
  }
}
