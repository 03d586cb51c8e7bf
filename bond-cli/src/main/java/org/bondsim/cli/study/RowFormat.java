package org.bondsim.cli.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import com.fasterxml.jackson.dataformat.csv.CsvWriteException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep's rows as CSV and JSON lines: the columns {@code run}, one per axis, {@code seed}, then
 * {@link RunRow#FIGURES}. Numbers are written as Java's shortest exact form (locale-free), unknown
 * figures as an empty cell or {@code null}; the Spark job writes its CSV through the same code, so
 * its lines are byte for byte the sweep's.
 */
public final class RowFormat {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final CsvMapper CSV =
      CsvMapper.builder()
          .enable(
              com.fasterxml.jackson.dataformat.csv.CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
          .build();

  private final List<String> axisNames;
  private final List<String> columns;
  private final CsvSchema schema;

  /**
   * The format of a grid's rows.
   *
   * @param grid the grid
   */
  public RowFormat(Grid grid) {
    this(grid.axes().stream().map(Axis::name).toList());
  }

  private RowFormat(List<String> axisNames) {
    this.axisNames = List.copyOf(axisNames);
    List<String> c = new ArrayList<>();
    c.add("run");
    c.addAll(axisNames);
    c.add("seed");
    c.addAll(RunRow.FIGURES);
    this.columns = List.copyOf(c);
    CsvSchema.Builder builder = CsvSchema.builder();
    columns.forEach(builder::addColumn);
    this.schema = builder.build().withoutHeader().withLineSeparator("\n");
  }

  /**
   * Returns the columns, in order.
   *
   * @return column names
   */
  public List<String> columns() {
    return columns;
  }

  /**
   * Returns the CSV header line, with its newline.
   *
   * @return the header
   */
  public String csvHeader() {
    return csv(new ArrayList<>(columns));
  }

  /**
   * Returns a row as one CSV line, with its newline.
   *
   * @param row the row
   * @return the line
   */
  public String csvLine(RunRow row) {
    return csv(new ArrayList<>(values(row).values()));
  }

  /**
   * Returns a row as one JSON object on one line, with its newline.
   *
   * @param row the row
   * @return the line
   */
  public String jsonLine(RunRow row) {
    try {
      return JSON.writeValueAsString(values(row)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a row cannot be written as JSON", e);
    }
  }

  /**
   * Reads a row back from its JSON line.
   *
   * @param line the line
   * @return the row
   */
  public RunRow fromJson(String line) {
    try {
      @SuppressWarnings("unchecked")
      Map<String, Object> map = JSON.readValue(line, LinkedHashMap.class);
      List<String> axisValues = new ArrayList<>();
      for (String axis : axisNames) {
        axisValues.add(String.valueOf(map.get(axis)));
      }
      Map<String, Object> figures = new LinkedHashMap<>();
      for (String name : RunRow.FIGURES) {
        figures.put(name, map.get(name));
      }
      return new RunRow(
          ((Number) map.get("run")).intValue(),
          axisValues,
          ((Number) map.get("seed")).longValue(),
          figures);
    } catch (JsonProcessingException | RuntimeException e) {
      throw new IllegalArgumentException("runs.jsonl: a line is not a row of this sweep: " + line);
    }
  }

  private Map<String, Object> values(RunRow row) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("run", row.index());
    for (int a = 0; a < axisNames.size(); a++) {
      v.put(axisNames.get(a), row.axisValues().get(a));
    }
    v.put("seed", row.seed());
    v.putAll(row.figures());
    return v;
  }

  private String csv(List<Object> values) {
    try {
      return CSV.writer(schema).writeValueAsString(values);
    } catch (CsvWriteException e) {
      throw new IllegalStateException("a row does not fit its columns", e);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a row cannot be written as CSV", e);
    }
  }
}
