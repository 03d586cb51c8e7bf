package org.bondsim.spark;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.bondsim.cli.study.Axis;
import org.bondsim.cli.study.Grid;
import org.bondsim.cli.study.RowFormat;
import org.bondsim.cli.study.RunRow;
import org.bondsim.cli.study.Seeds;
import org.bondsim.cli.study.Sweep;

/**
 * {@code bondsim sweep} as a Spark job. The grid's run indices are partitioned over the cluster;
 * each task runs its runs in-process, one after another ({@link Sweep#runOne}), each deterministic,
 * so a row is the same wherever it ran. Written under {@code --out}:
 *
 * <ul>
 *   <li>{@code runs-csv/part-*}: the rows as {@code bondsim sweep}'s {@code runs.csv} lines, sorted
 *       by run, with {@code header.csv} beside them: {@code cat header.csv runs-csv/part-*} is
 *       {@code runs.csv} byte for byte;
 *   <li>{@code runs.parquet}: the same rows, typed (axes and text as strings, run and seed as
 *       longs, every figure as a double, unknown as null).
 * </ul>
 *
 * <pre>
 * spark-submit --class org.bondsim.spark.SparkSweep bondsim-spark.jar --out hdfs:///studies/rr \
 *   --vary slaves=2x1000,3x1000 --seeds 1..30 netperf -t TCP_STREAM -l 2
 * </pre>
 */
public final class SparkSweep {
  private SparkSweep() {}

  /**
   * The command line: {@code --out DIR [--vary NAME=VALUES]... [--seeds LIST] [--partitions N]
   * netperf ARGS}, as {@code bondsim sweep} takes them.
   *
   * @param args the arguments
   */
  public static void main(String[] args) {
    Job job = Job.parse(List.of(args));
    try (SparkSession spark = SparkSession.builder().appName("bondsim sweep").getOrCreate()) {
      run(spark, job.grid(), job.out(), job.partitions());
    }
  }

  /**
   * What the command line asks for.
   *
   * @param grid the grid
   * @param out the output directory (any Hadoop path)
   * @param partitions Spark partitions, 0 for Spark's default parallelism
   */
  record Job(Grid grid, String out, int partitions) {
    static Job parse(List<String> args) {
      String out = null;
      String seeds = "1";
      int partitions = 0;
      List<Axis> axes = new ArrayList<>();
      int i = 0;
      for (; i < args.size() && !args.get(i).equals("netperf"); i++) {
        String option = args.get(i);
        if (i + 1 >= args.size()) {
          throw new IllegalArgumentException(option + " needs a value");
        }
        String value = args.get(++i);
        switch (option) {
          case "--out" -> out = value;
          case "--vary" -> axes.add(Axis.parse(value));
          case "--seeds" -> seeds = value;
          case "--partitions" -> partitions = Integer.parseInt(value);
          default ->
              throw new IllegalArgumentException(
                  "unknown option " + option + "; allowed: --out, --vary, --seeds, --partitions");
        }
      }
      if (out == null || i >= args.size()) {
        throw new IllegalArgumentException(
            "usage: SparkSweep --out DIR [--vary NAME=VALUES]... [--seeds LIST] [--partitions N]"
                + " netperf ARGS");
      }
      Grid grid = new Grid(args.subList(i + 1, args.size()), axes, Seeds.parse(seeds, "--seeds"));
      return new Job(grid, out, partitions);
    }
  }

  /**
   * Runs the grid on a Spark session and writes its rows.
   *
   * @param spark the session
   * @param grid the grid, checked here before any task starts
   * @param out the output directory
   * @param partitions partitions, 0 for the session's default parallelism
   */
  public static void run(SparkSession spark, Grid grid, String out, int partitions) {
    grid.validate();
    int slices = partitions > 0 ? partitions : spark.sparkContext().defaultParallelism();
    List<Integer> indices = new ArrayList<>(grid.runCount());
    for (int i = 0; i < grid.runCount(); i++) {
      indices.add(i);
    }
    JavaRDD<RunRow> rows =
        new org.apache.spark.api.java.JavaSparkContext(spark.sparkContext())
            .parallelize(indices, Math.max(1, Math.min(slices, indices.size())))
            .mapPartitions(new RunPartition(grid))
            .sortBy(RunRow::index, true, Math.max(1, Math.min(slices, indices.size())))
            .cache();
    RowFormat format = new RowFormat(grid);
    Dataset<String> csv = spark.createDataset(rows.map(new CsvLine(grid)).rdd(), Encoders.STRING());
    csv.write().mode(SaveMode.Overwrite).text(out + "/runs-csv");
    spark
        .createDataFrame(rows.map(new TypedRow()), schema(format))
        .write()
        .mode(SaveMode.Overwrite)
        .parquet(out + "/runs.parquet");
    writeHeader(spark, out, format);
    rows.unpersist();
  }

  private static void writeHeader(SparkSession spark, String out, RowFormat format) {
    String header = format.csvHeader();
    if (!out.contains("://") || out.startsWith("file:")) {
      try {
        Path dir = Path.of(out.replaceFirst("^file:(//)?", ""));
        Files.writeString(dir.resolve("header.csv"), header, StandardCharsets.UTF_8);
        return;
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    spark
        .createDataset(List.of(header.substring(0, header.length() - 1)), Encoders.STRING())
        .coalesce(1)
        .write()
        .mode(SaveMode.Overwrite)
        .text(out + "/header-csv");
  }

  /** Columns: run and seed as longs, axes, test and failure as strings, figures as doubles. */
  static StructType schema(RowFormat format) {
    List<StructField> fields = new ArrayList<>();
    for (String column : format.columns()) {
      boolean text = !column.equals("run") && !column.equals("seed") && !RunRow.numeric(column);
      fields.add(
          DataTypes.createStructField(
              column,
              text
                  ? DataTypes.StringType
                  : (column.equals("run") || column.equals("seed")
                      ? DataTypes.LongType
                      : DataTypes.DoubleType),
              !column.equals("run") && !column.equals("seed")));
    }
    return DataTypes.createStructType(fields);
  }

  /** Runs one partition's runs, one after another. */
  private record RunPartition(Grid grid) implements FlatMapFunction<Iterator<Integer>, RunRow> {
    @Override
    public Iterator<RunRow> call(Iterator<Integer> indices) {
      List<RunRow> rows = new ArrayList<>();
      indices.forEachRemaining(i -> rows.add(Sweep.runOne(grid, i)));
      return rows.iterator();
    }
  }

  /** A row as its runs.csv line, without the newline (Spark's text writer adds one). */
  private record CsvLine(Grid grid)
      implements org.apache.spark.api.java.function.Function<RunRow, String> {
    @Override
    public String call(RunRow row) {
      String line = new RowFormat(grid).csvLine(row);
      return line.substring(0, line.length() - 1);
    }
  }

  /** A row as a typed Spark row. */
  private static final class TypedRow
      implements org.apache.spark.api.java.function.Function<RunRow, Row> {
    private static final long serialVersionUID = 1L;

    @Override
    public Row call(RunRow row) {
      List<Object> values = new ArrayList<>();
      values.add((long) row.index());
      values.addAll(row.axisValues());
      values.add(row.seed());
      for (String figure : RunRow.FIGURES) {
        Object v = row.figures().get(figure);
        values.add(v instanceof Number n ? (Object) n.doubleValue() : v);
      }
      return RowFactory.create(values.toArray());
    }
  }
}
