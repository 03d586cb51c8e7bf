package org.bondsim.cli.study;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import org.bondsim.cli.NetperfLine;
import org.bondsim.core.scenario.Scenario;

/**
 * What a sweep runs: a base {@code bondsim netperf} line, the axes that vary it and the seeds. The
 * runs are every point (every combination of axis values, the first axis slowest) times every seed
 * (fastest); a run's index in that order names it in every output.
 *
 * <pre>{@code
 * Grid grid = Grid.builder()
 *     .netperf("-t", "TCP_STREAM", "-l", "2", "--bond", "mode balance-rr")
 *     .vary("slaves", "2x1000", "3x1000")
 *     .seeds(1, 5)
 *     .build();
 * }</pre>
 *
 * @param base the base argument list, without the word netperf
 * @param axes the axes, in order
 * @param seeds the seeds, in order
 */
public record Grid(List<String> base, List<Axis> axes, List<Long> seeds)
    implements java.io.Serializable {
  /** More runs than this is a typing mistake, not a study: refused before anything runs. */
  static final long MAX_RUNS = 10_000_000L;

  /**
   * Checks the grid: seeds given once each, axis names unique, a bounded number of runs.
   *
   * @param base base
   * @param axes axes
   * @param seeds seeds
   */
  public Grid {
    base = List.copyOf(base);
    axes = List.copyOf(axes);
    seeds = List.copyOf(seeds);
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("--seeds: no seeds; give a list or a range such as 1..10");
    }
    if (new LinkedHashSet<>(seeds).size() != seeds.size()) {
      throw new IllegalArgumentException("--seeds: a seed is given twice in " + seeds);
    }
    for (Long seed : seeds) {
      if (seed < 0) {
        throw new IllegalArgumentException("--seeds: seed " + seed + " is negative; allowed: 0..");
      }
    }
    if (axes.stream().map(Axis::name).distinct().count() != axes.size()) {
      throw new IllegalArgumentException("--vary: an axis is named twice; give each setting once");
    }
    for (Axis axis : axes) {
      if (axis.name().equals("seed") || axis.name().equals("--seed")) {
        throw new IllegalArgumentException("--vary seed: seeds are --seeds, not an axis");
      }
      if (axis.name().equals("run") || RunRow.FIGURES.contains(axis.name())) {
        throw new IllegalArgumentException(
            "--vary "
                + axis.name()
                + ": the name is a column of the runs table; use --"
                + axis.name());
      }
    }
    long runs = seeds.size();
    for (Axis axis : axes) {
      runs *= axis.values().size();
      if (runs > MAX_RUNS) {
        throw new IllegalArgumentException(
            "the grid has over " + MAX_RUNS + " runs; allowed: at most " + MAX_RUNS);
      }
    }
  }

  /**
   * A point of the grid: one value per axis.
   *
   * @param index the point's place, the first axis slowest
   * @param values the axis values, in axis order
   * @param args the netperf argument list that runs it
   */
  public record Point(int index, List<String> values, List<String> args) {}

  /**
   * A run: a point and a seed.
   *
   * @param index the run's place: point index times the number of seeds plus the seed's place
   * @param point the point
   * @param seed the seed
   */
  public record Run(int index, Point point, long seed) {}

  /**
   * Returns the number of points.
   *
   * @return points
   */
  public int pointCount() {
    int n = 1;
    for (Axis axis : axes) {
      n *= axis.values().size();
    }
    return n;
  }

  /**
   * Returns the number of runs.
   *
   * @return points times seeds
   */
  public int runCount() {
    return pointCount() * seeds.size();
  }

  /**
   * Returns a point.
   *
   * @param index 0 .. {@link #pointCount()} - 1
   * @return the point
   */
  public Point point(int index) {
    Objects.checkIndex(index, pointCount());
    String[] values = new String[axes.size()];
    int rest = index;
    for (int a = axes.size() - 1; a >= 0; a--) {
      List<String> v = axes.get(a).values();
      values[a] = v.get(rest % v.size());
      rest /= v.size();
    }
    List<String> args = base;
    for (int a = 0; a < axes.size(); a++) {
      args = NetperfArgs.with(args, axes.get(a).target(), values[a]);
    }
    return new Point(index, List.of(values), Collections.unmodifiableList(args));
  }

  /**
   * Returns a run.
   *
   * @param index 0 .. {@link #runCount()} - 1
   * @return the run
   */
  public Run run(int index) {
    Objects.checkIndex(index, runCount());
    return new Run(index, point(index / seeds.size()), seeds.get(index % seeds.size()));
  }

  /**
   * Reads a run's line into its scenario, with its seed.
   *
   * @param run the run
   * @return the scenario
   */
  public static Scenario scenario(Run run) {
    return NetperfLine.scenario(
        NetperfArgs.with(
            run.point().args(), new Axis.Target.Option("--seed"), Long.toString(run.seed())));
  }

  /**
   * Reads every point before anything runs, so a bad axis value stops the sweep at once: first each
   * value alone on the base line (the message names the axis and value), then every combination.
   *
   * @throws IllegalArgumentException naming the axis, the value and why
   */
  public void validate() {
    NetperfLine.refuseOutputOptions(base, "sweep");
    try {
      NetperfLine.checked(base);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the base netperf line: " + e.getMessage());
    }
    for (Axis axis : axes) {
      for (String value : axis.values()) {
        try {
          NetperfLine.checked(NetperfArgs.with(base, axis.target(), value));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "--vary " + axis.name() + "=" + value + ": " + e.getMessage());
        }
      }
    }
    for (int p = 0; p < pointCount(); p++) {
      Point point = point(p);
      try {
        NetperfLine.checked(point.args());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("point " + describe(point) + ": " + e.getMessage());
      }
    }
  }

  /**
   * Names a point by its axis values.
   *
   * @param point the point
   * @return such as {@code slaves=3x1000 bond.packets_per_slave=2}
   */
  public String describe(Point point) {
    List<String> parts = new ArrayList<>();
    for (int a = 0; a < axes.size(); a++) {
      parts.add(axes.get(a).name() + "=" + point.values().get(a));
    }
    return parts.isEmpty() ? "(the base line)" : String.join(" ", parts);
  }

  /**
   * Returns a builder.
   *
   * @return a builder with no axes and seed 1
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link Grid}. */
  public static final class Builder {
    private final List<String> base = new ArrayList<>();
    private final List<Axis> axes = new ArrayList<>();
    private final List<Long> seeds = new ArrayList<>();

    private Builder() {}

    /**
     * Sets the base line.
     *
     * @param args {@code bondsim netperf} arguments, without the word netperf
     * @return this
     */
    public Builder netperf(String... args) {
      return netperf(Arrays.asList(args));
    }

    /**
     * Sets the base line.
     *
     * @param args {@code bondsim netperf} arguments, without the word netperf
     * @return this
     */
    public Builder netperf(List<String> args) {
      base.clear();
      base.addAll(args);
      return this;
    }

    /**
     * Adds an axis.
     *
     * @param name as {@link Axis} describes
     * @param values its values
     * @return this
     */
    public Builder vary(String name, String... values) {
      axes.add(new Axis(name, List.of(values)));
      return this;
    }

    /**
     * Adds an axis.
     *
     * @param axis the axis
     * @return this
     */
    public Builder vary(Axis axis) {
      axes.add(axis);
      return this;
    }

    /**
     * Uses the seeds {@code from..to}.
     *
     * @param from first seed
     * @param to last seed
     * @return this
     */
    public Builder seeds(long from, long to) {
      if (to < from) {
        throw new IllegalArgumentException("seeds: the range " + from + ".." + to + " is empty");
      }
      seeds.clear();
      for (long s = from; s <= to; s++) {
        seeds.add(s);
      }
      return this;
    }

    /**
     * Uses these seeds.
     *
     * @param list the seeds
     * @return this
     */
    public Builder seeds(List<Long> list) {
      seeds.clear();
      seeds.addAll(list);
      return this;
    }

    /**
     * Builds the grid.
     *
     * @return the grid
     */
    public Grid build() {
      return new Grid(base, axes, seeds.isEmpty() ? List.of(1L) : seeds);
    }
  }
}
