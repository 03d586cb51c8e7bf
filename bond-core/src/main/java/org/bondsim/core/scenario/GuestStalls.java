package org.bondsim.core.scenario;

import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.engine.Stalls;

/**
 * How often the machine that runs both hosts stands still: a user-mode Linux guest (the lab of
 * {@code bondsim crosscheck}) is an ordinary process of its host, and now and then nothing in it
 * happens for a millisecond or ten, neither its qdiscs' timers nor its TCP; what fell due meanwhile
 * happens together when it runs again. Real hosts with NICs of their own have no such stalls
 * ({@link #NONE}).
 *
 * <p>Stalls start at random (a Poisson process of {@code perSecond} while the guest runs) and last
 * as long as the pauses measured in the lab: every gap of more than 1 ms between two frames seen
 * anywhere in the middle namespace of ../shared/lab's guest (a capture of every frame, 10 s of 4
 * links of 15 Mbit/s and 10 s of 3 links of 20 Mbit/s on 2026-12-05, 350 gaps), drawn from their 5
 * % quantiles ({@link #LENGTH_QUANTILES_MS}, linear between). Pauses under 1 ms are left out: a
 * tbf's burst of two frames makes them up.
 *
 * @param perSecond how many stalls start per second, 0 for none
 */
public record GuestStalls(double perSecond) {
  /** No stalls: each host runs on a machine of its own. */
  public static final GuestStalls NONE = new GuestStalls(0);

  /** The 5 % quantiles (0 % to 100 %) of a stall's length in milliseconds, measured as above. */
  static final double[] LENGTH_QUANTILES_MS = {
    1.00, 1.04, 1.08, 1.17, 1.36, 1.45, 1.54, 1.65, 2.08, 2.71, 2.82, 2.95, 3.03, 3.20, 3.34, 3.50,
    3.98, 4.63, 6.92, 8.50, 12.24
  };

  /**
   * Checks the rate.
   *
   * @param perSecond stalls per second
   */
  public GuestStalls {
    if (!(perSecond >= 0 && perSecond <= 100)) {
      throw Checks.parameter(
          "perSecond", perSecond, "guest stalls must be 0..100 per second, got " + perSecond);
    }
  }

  /**
   * Returns whether the machine ever stalls.
   *
   * @return true with a rate above 0
   */
  public boolean active() {
    return perSecond > 0;
  }

  /**
   * The stalls of one run, drawn from {@code random} as the run's clock reaches them.
   *
   * @param random the run's own stream for them
   * @return the run's stalls
   */
  public Stalls schedule(SeededRandom random) {
    if (!active()) {
      throw new IllegalStateException("no stalls to draw at 0 per second");
    }
    return new Schedule(perSecond, random);
  }

  /** A length drawn from the measured quantiles: uniform between two neighbouring ones. */
  static long lengthNs(double u) {
    double position = u * (LENGTH_QUANTILES_MS.length - 1);
    int i = Math.min((int) position, LENGTH_QUANTILES_MS.length - 2);
    double ms =
        LENGTH_QUANTILES_MS[i]
            + (position - i) * (LENGTH_QUANTILES_MS[i + 1] - LENGTH_QUANTILES_MS[i]);
    return Math.round(ms * 1_000_000);
  }

  /** The stalls one after another: a gap, then a stall, drawn as the clock passes the last one. */
  private static final class Schedule implements Stalls {
    private final double meanGapNs;
    private final SeededRandom random;
    private long start;
    private long end;

    Schedule(double perSecond, SeededRandom random) {
      this.meanGapNs = 1e9 / perSecond;
      this.random = random;
      draw(0);
    }

    private void draw(long from) {
      start = from + Math.round(-Math.log(1 - random.nextDouble()) * meanGapNs);
      end = start + lengthNs(random.nextDouble());
    }

    @Override
    public long resume(long at) {
      while (at >= end) {
        draw(end);
      }
      return at >= start ? end : at;
    }
  }
}
