package com.example.lab;

import java.util.List;
import org.bondsim.cli.study.Compare;
import org.bondsim.cli.study.Grid;
import org.bondsim.cli.study.RunRow;
import org.bondsim.cli.study.Summary;
import org.bondsim.cli.study.Sweep;

/** A sweep and a comparison from code: how much does each balance-rr link add? */
public final class StudyFromCode {
  public static void main(String[] args) {
    Grid grid =
        Grid.builder()
            .netperf("-t", "TCP_STREAM", "-l", "0.5", "--bond", "mode balance-rr")
            .vary("slaves", "1x1000", "2x1000", "3x1000")
            .seeds(1, 3)
            .build();
    grid.validate();
    List<RunRow> rows =
        new Sweep(grid).threads(2).run(); // rows in run order, whatever the thread count
    for (Summary.Row point : Summary.of(grid, rows)) {
      if (point.figure().equals("throughput_mbps")) {
        System.out.printf(
            "%s: %.1f Mbit/s (95 %% CI %.1f to %.1f)%n",
            point.axisValues().get(0),
            point.estimate().mean(),
            point.estimate().ciLow(),
            point.estimate().ciHigh());
      }
    }
    Compare.Result result =
        Compare.builder()
            .a("-t", "TCP_STREAM", "-l", "0.5", "--slaves", "2x1000")
            .b("-t", "TCP_STREAM", "-l", "0.5", "--slaves", "3x1000")
            .seeds(1, 5)
            .threads(2)
            .run();
    System.out.println(result.verdict());
  }
}
