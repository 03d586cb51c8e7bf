package org.bondsim.cli.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * A sweep per point: for each numeric figure, the mean over the seeds whose run has a value, with
 * its 95 % confidence interval ({@link Estimate}). One row per point and figure, a tidy long table.
 */
public final class Summary {
  private Summary() {}

  /**
   * One figure at one point.
   *
   * @param point the point's index
   * @param axisValues its axis values
   * @param figure the figure's column name
   * @param runs runs at the point
   * @param failed runs at the point that measured nothing (a connection that never opened)
   * @param estimate the mean and interval over the runs with a value
   */
  public record Row(
      int point, List<String> axisValues, String figure, int runs, int failed, Estimate estimate) {}

  /**
   * Summarises rows, in point order, figures in column order; a figure no run at a point has is
   * left out.
   *
   * @param grid the grid
   * @param rows the rows, in run order
   * @return the summary rows
   */
  public static List<Row> of(Grid grid, List<RunRow> rows) {
    int seeds = grid.seeds().size();
    List<Row> out = new ArrayList<>();
    for (int p = 0; p * seeds < rows.size(); p++) {
      List<RunRow> runs = rows.subList(p * seeds, Math.min(rows.size(), (p + 1) * seeds));
      int failed = (int) runs.stream().filter(r -> r.figures().get("failure") != null).count();
      for (String figure : RunRow.FIGURES) {
        if (!RunRow.numeric(figure)) {
          continue;
        }
        double[] values =
            runs.stream().mapToDouble(r -> r.value(figure)).filter(v -> !Double.isNaN(v)).toArray();
        if (values.length > 0) {
          out.add(
              new Row(
                  p, runs.get(0).axisValues(), figure, runs.size(), failed, Estimate.of(values)));
        }
      }
    }
    return out;
  }

  /**
   * Writes the summary as CSV: the axes, {@code figure}, {@code runs}, {@code failed}, {@code n},
   * {@code mean}, {@code sd}, {@code ci95_low}, {@code ci95_high}; an unknown interval is empty.
   *
   * @param grid the grid
   * @param rows the summary
   * @return the CSV text
   */
  public static String csv(Grid grid, List<Row> rows) {
    CsvSchema.Builder builder = CsvSchema.builder();
    List<String> columns = new ArrayList<>();
    grid.axes().forEach(a -> columns.add(a.name()));
    columns.addAll(List.of("figure", "runs", "failed", "n", "mean", "sd", "ci95_low", "ci95_high"));
    columns.forEach(builder::addColumn);
    CsvSchema schema = builder.build().withoutHeader().withLineSeparator("\n");
    List<List<Object>> table = new ArrayList<>();
    for (Row row : rows) {
      List<Object> cells = new ArrayList<>(row.axisValues());
      Estimate e = row.estimate();
      cells.add(row.figure());
      cells.add(row.runs());
      cells.add(row.failed());
      cells.add(e.n());
      cells.add(e.mean());
      cells.add(known(e.sd()));
      cells.add(known(e.ciLow()));
      cells.add(known(e.ciHigh()));
      table.add(cells);
    }
    try {
      CsvMapper mapper =
          CsvMapper.builder()
              .enable(
                  com.fasterxml.jackson.dataformat.csv.CsvGenerator.Feature
                      .STRICT_CHECK_FOR_QUOTING)
              .build();
      StringBuilder text = new StringBuilder(mapper.writer(schema).writeValueAsString(columns));
      for (List<Object> cells : table) {
        text.append(mapper.writer(schema).writeValueAsString(cells));
      }
      return text.toString();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the summary cannot be written as CSV", e);
    }
  }

  private static Double known(double v) {
    return Double.isNaN(v) ? null : v;
  }
}
