package org.bondsim.cli.study;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.descriptive.Mean;

/**
 * Two {@code bondsim netperf} lines over the same seeds, figure by figure: the difference of B from
 * A with its 95 % confidence interval, and a plain verdict on the figure of merit. Paired by
 * default: run k of A and run k of B share seed k, so they share every random draw the two lines
 * have in common (ports, clocks, losses) and the interval is that of the mean paired difference.
 * With separate seeds for B the samples are independent and the interval is Welch's. With axes
 * ({@link Builder#vary}) both lines run at every point of the grid, as {@link Sweep} runs one, and
 * run k of A pairs with run k of B at the same point and seed: the interval is then the one of the
 * mean difference over points and seeds, which answers whether B beats A across those conditions.
 *
 * <pre>{@code
 * Compare.Result r = Compare.builder()
 *     .a("-t", "TCP_STREAM", "-l", "1", "--slaves", "2x1000")
 *     .b("-t", "TCP_STREAM", "-l", "1", "--slaves", "3x1000")
 *     .seeds(1, 10)
 *     .run();
 * }</pre>
 */
public final class Compare {
  private final List<String> a;
  private final List<String> b;
  private final List<Long> seedsA;
  private final List<Long> seedsB;
  private final List<Axis> axes;
  private final int threads;

  private Compare(Builder builder) {
    this.a = List.copyOf(builder.a);
    this.b = List.copyOf(builder.b);
    this.seedsA = List.copyOf(builder.seedsA);
    this.seedsB = builder.seedsB == null ? seedsA : List.copyOf(builder.seedsB);
    this.axes = List.copyOf(builder.axes);
    this.threads = builder.threads;
    if (seedsA.size() < 2 || seedsB.size() < 2) {
      throw new IllegalArgumentException(
          "seeds: at least two per side, for a confidence interval; got " + seedsA.size());
    }
    if (builder.seedsB != null && seedsB.stream().anyMatch(seedsA::contains)) {
      throw new IllegalArgumentException(
          "seeds-b: B's own seeds must differ from A's (independent samples); leave it out to"
              + " pair the runs");
    }
  }

  /**
   * One figure of both lines.
   *
   * @param name the column name
   * @param aMean A's mean
   * @param bMean B's mean
   * @param difference the estimate of B minus A (paired or Welch)
   * @param differencePercent that difference as a percentage of A's mean, NaN when A's mean is 0
   * @param ciLowPercent the interval's low end, percent of A's mean
   * @param ciHighPercent the interval's high end, percent of A's mean
   * @param detectable whether the interval leaves out zero
   */
  public record Figure(
      String name,
      double aMean,
      double bMean,
      Estimate difference,
      double differencePercent,
      double ciLowPercent,
      double ciHighPercent,
      boolean detectable) {}

  /**
   * What the comparison found.
   *
   * @param seedsA A's seeds
   * @param seedsB B's seeds (the same list when paired)
   * @param paired whether runs were paired by seed
   * @param figures every figure both lines have on every run, the figure of merit first
   * @param labelA what sets A apart from B, in its own words
   * @param labelB what sets B apart from A
   * @param verdict one sentence on the figure of merit
   * @param points how many points of the grid each seed ran at (1 without axes)
   */
  public record Result(
      List<Long> seedsA,
      List<Long> seedsB,
      boolean paired,
      List<Figure> figures,
      String labelA,
      String labelB,
      String verdict,
      int points) {
    /**
     * Returns the figures that differ detectably, the largest relative difference first, the figure
     * of merit left out.
     *
     * @param limit at most this many
     * @return the figures
     */
    public List<Figure> differingMost(int limit) {
      return figures.stream()
          .skip(1)
          .filter(f -> f.detectable() && !Double.isNaN(f.differencePercent()))
          .sorted(
              Comparator.comparingDouble((Figure f) -> -Math.abs(f.differencePercent()))
                  .thenComparing(Figure::name))
          .limit(limit)
          .toList();
    }
  }

  /**
   * Runs both lines on every seed.
   *
   * @return the result
   * @throws IllegalArgumentException when a line is refused
   * @throws NothingMeasured when a run measured nothing (the message says which and why)
   */
  public Result run() {
    Grid gridA = new Grid(a, axes, seedsA);
    Grid gridB = new Grid(b, axes, seedsB);
    gridA.validate();
    gridB.validate();
    List<RunRow> rowsA = new Sweep(gridA).threads(threads).run();
    List<RunRow> rowsB = new Sweep(gridB).threads(threads).run();
    refuseFailures("A", rowsA);
    refuseFailures("B", rowsB);
    boolean paired = seedsA.equals(seedsB);
    List<Figure> figures = new ArrayList<>();
    for (String name : RunRow.FIGURES) {
      if (!RunRow.numeric(name)) {
        continue;
      }
      double[] va = rowsA.stream().mapToDouble(r -> r.value(name)).toArray();
      double[] vb = rowsB.stream().mapToDouble(r -> r.value(name)).toArray();
      if (java.util.Arrays.stream(va).anyMatch(Double::isNaN)
          || java.util.Arrays.stream(vb).anyMatch(Double::isNaN)) {
        continue;
      }
      Estimate d;
      if (paired) {
        double[] diff = new double[va.length];
        for (int i = 0; i < va.length; i++) {
          diff[i] = vb[i] - va[i];
        }
        d = Estimate.of(diff);
      } else {
        d = Estimate.welch(va, vb);
      }
      double aMean = Mean.of(va).getAsDouble();
      double bMean = Mean.of(vb).getAsDouble();
      double scale = aMean == 0 ? Double.NaN : 100 / Math.abs(aMean);
      figures.add(
          new Figure(
              name,
              aMean,
              bMean,
              d,
              d.mean() * scale,
              d.ciLow() * scale,
              d.ciHigh() * scale,
              d.excludesZero()));
    }
    String merit =
        figures.stream().anyMatch(f -> f.name().equals("throughput_mbps"))
            ? "throughput_mbps"
            : "transactions_per_s";
    Figure headline =
        figures.stream()
            .filter(f -> f.name().equals(merit))
            .findFirst()
            .orElseThrow(() -> new NothingMeasured("compare: the runs have no figure of merit"));
    figures.remove(headline);
    figures.add(0, headline);
    String labelA = label(a, b, "A");
    String labelB = label(b, a, "B");
    int points = rowsA.size() / seedsA.size();
    return new Result(
        seedsA,
        seedsB,
        paired,
        List.copyOf(figures),
        labelA,
        labelB,
        verdict(headline, labelA, labelB, samples(seedsA.size(), points)),
        points);
  }

  /** How the runs behind an interval are counted in a verdict: seeds, and points if several. */
  static String samples(int seeds, int points) {
    return points == 1 ? seeds + " seeds" : seeds + " seeds x " + points + " points";
  }

  /** A run of either line measured nothing (a connection that never opened): no comparison. */
  public static final class NothingMeasured extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NothingMeasured(String message) {
      super(message);
    }
  }

  private static void refuseFailures(String side, List<RunRow> rows) {
    for (RunRow row : rows) {
      Object failure = row.figures().get("failure");
      if (failure != null) {
        throw new NothingMeasured(
            "compare: " + side + " with seed " + row.seed() + " measured nothing: " + failure);
      }
    }
  }

  /** A plain sentence on the figure of merit. */
  static String verdict(Figure f, String labelA, String labelB, String seeds) {
    if (Double.isNaN(f.differencePercent())) {
      return String.format(
          Locale.ROOT,
          "A's %s is 0, so no relative difference: B - A = %.4g (95 %% CI %.4g to %.4g, %s)",
          f.name(),
          f.difference().mean(),
          f.difference().ciLow(),
          f.difference().ciHigh(),
          seeds);
    }
    if (!f.detectable()) {
      return String.format(
          Locale.ROOT,
          "no difference detectable with %s: %+.1f %% (%+.1f to %+.1f %%)",
          seeds,
          f.differencePercent(),
          f.ciLowPercent(),
          f.ciHighPercent());
    }
    boolean faster = f.differencePercent() > 0;
    return String.format(
        Locale.ROOT,
        "%s %s than %s by %.1f %% (95 %% CI %.1f to %.1f %%, %s)",
        labelB,
        faster ? "faster" : "slower",
        labelA,
        Math.abs(f.differencePercent()),
        faster ? f.ciLowPercent() : -f.ciHighPercent(),
        faster ? f.ciHighPercent() : -f.ciLowPercent(),
        seeds);
  }

  /** What one line sets that the other does not, as option and value pairs. */
  static String label(List<String> self, List<String> other, String name) {
    List<String> mine = pairs(self);
    List<String> theirs = pairs(other);
    List<String> own = mine.stream().filter(p -> !theirs.contains(p)).toList();
    return own.isEmpty() ? name : name + " (" + String.join(" ", own) + ")";
  }

  /**
   * Settings given as word pairs: each pair counts on its own, so a label names the one changed.
   */
  private static final java.util.Set<String> WORD_OPTIONS =
      java.util.Set.of("--bond", "--receiver", "--sender", "--port-channel");

  private static List<String> pairs(List<String> args) {
    List<String> out = new ArrayList<>();
    boolean test = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--")) {
        test = true;
        continue;
      }
      boolean value =
          i + 1 < args.size()
              && (test
                  ? arg.matches("-[A-Za-z]") && !args.get(i + 1).matches("-[A-Za-z].*")
                  : org.bondsim.cli.NetperfLine.takesValue(arg));
      if (value && !test && WORD_OPTIONS.contains(arg)) {
        String[] words = args.get(++i).trim().split("\\s+");
        for (int w = 0; w + 1 < words.length; w += 2) {
          out.add(arg + " " + words[w] + " " + words[w + 1]);
        }
        continue;
      }
      String words = value ? arg + " " + quoted(args.get(++i)) : arg;
      out.add(test ? "-- " + words : words);
    }
    return out;
  }

  private static String quoted(String word) {
    return word.contains(" ") ? "\"" + word + "\"" : word;
  }

  /**
   * Returns a builder.
   *
   * @return a builder with seeds 1..10
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link Compare}. */
  public static final class Builder {
    private List<String> a = List.of();
    private List<String> b = List.of();
    private List<Long> seedsA = Seeds.parse("1..10", "seeds");
    private List<Long> seedsB;
    private List<Axis> axes = List.of();
    private int threads = Runtime.getRuntime().availableProcessors();

    private Builder() {}

    /**
     * Sets line A.
     *
     * @param args {@code bondsim netperf} arguments, without the word netperf
     * @return this
     */
    public Builder a(String... args) {
      return a(List.of(args));
    }

    /**
     * Sets line A.
     *
     * @param args arguments
     * @return this
     */
    public Builder a(List<String> args) {
      this.a = List.copyOf(args);
      return this;
    }

    /**
     * Sets line B.
     *
     * @param args {@code bondsim netperf} arguments, without the word netperf
     * @return this
     */
    public Builder b(String... args) {
      return b(List.of(args));
    }

    /**
     * Sets line B.
     *
     * @param args arguments
     * @return this
     */
    public Builder b(List<String> args) {
      this.b = List.copyOf(args);
      return this;
    }

    /**
     * Uses seeds {@code from..to} for both lines, paired.
     *
     * @param from first
     * @param to last
     * @return this
     */
    public Builder seeds(long from, long to) {
      return seeds(Seeds.parse(from + ".." + to, "seeds"));
    }

    /**
     * Uses these seeds for both lines, paired (unless {@link #seedsB} is given).
     *
     * @param seeds the seeds
     * @return this
     */
    public Builder seeds(List<Long> seeds) {
      this.seedsA = List.copyOf(seeds);
      return this;
    }

    /**
     * Runs B on its own seeds: the samples are independent and the interval is Welch's.
     *
     * @param seeds B's seeds, none of them A's
     * @return this
     */
    public Builder seedsB(List<Long> seeds) {
      this.seedsB = List.copyOf(seeds);
      return this;
    }

    /**
     * Runs both lines at every point of these axes ({@code bondsim sweep}'s {@code --vary}), and
     * pairs the runs by point and seed.
     *
     * @param axes the axes, the first varying slowest
     * @return this
     */
    public Builder vary(List<Axis> axes) {
      this.axes = List.copyOf(axes);
      return this;
    }

    /**
     * Sets the number of threads.
     *
     * @param n 1..1024
     * @return this
     */
    public Builder threads(int n) {
      if (n < 1 || n > 1024) {
        throw new IllegalArgumentException("threads must be 1..1024, got " + n);
      }
      this.threads = n;
      return this;
    }

    /**
     * Runs the comparison.
     *
     * @return the result
     */
    public Result run() {
      return new Compare(this).run();
    }
  }
}
