package org.bondsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.bondsim.cli.study.Grid;
import org.bondsim.cli.study.Sweep;
import org.bondsim.cli.study.SweepOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SparkSweepTest {
  @Test
  void theJobOnTwoLocalCoresWritesTheSweepsRows(@TempDir Path dir) throws Exception {
    SparkSweep.Job job =
        SparkSweep.Job.parse(
            List.of(
                "--out",
                dir.resolve("spark").toString(),
                "--vary",
                "slaves=1x1000,2x1000",
                "--vary",
                "net.ipv4.tcp_reordering=3,30",
                "--seeds",
                "1..3",
                "--partitions",
                "3",
                "netperf",
                "-t",
                "TCP_STREAM",
                "-l",
                "0.05",
                "--netem",
                "delay 50us 20us",
                "--",
                "-m",
                "16384"));
    Grid grid = job.grid();
    try (SweepOutput out = SweepOutput.open(dir.resolve("sweep"), grid)) {
      new Sweep(grid).threads(2).run(out.done(), out::append, (d, t) -> {});
    }
    try (SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("bondsim sweep test")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate()) {
      SparkSweep.run(spark, grid, job.out(), job.partitions());
      StringBuilder csv = new StringBuilder(Files.readString(dir.resolve("spark/header.csv")));
      try (Stream<Path> parts = Files.list(dir.resolve("spark/runs-csv"))) {
        for (Path part :
            parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
          csv.append(Files.readString(part));
        }
      }
      assertThat(csv.toString()).isEqualTo(Files.readString(dir.resolve("sweep/runs.csv")));
      List<Row> parquet =
          spark.read().parquet(job.out() + "/runs.parquet").orderBy("run").collectAsList();
      assertThat(parquet).hasSize(12);
      assertThat(parquet.get(11).<String>getAs("slaves")).isEqualTo("2x1000");
      assertThat(parquet.get(11).<Long>getAs("seed")).isEqualTo(3L);
      assertThat(parquet.get(0).<Double>getAs("throughput_mbps")).isGreaterThan(100.0);
      assertThat(parquet.get(0).<Object>getAs("p99_latency_us")).isNull();
    }
  }
}
