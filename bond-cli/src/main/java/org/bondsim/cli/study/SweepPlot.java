package org.bondsim.cli.study;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A picture of a sweep: one figure's mean against one axis, a line per value of a second axis, and
 * each line's 95 % confidence band; every other axis gets a picture per value. Drawn with XChart,
 * headless, as PNG and SVG.
 *
 * @param figure the figure, a numeric column of {@link RunRow#FIGURES}
 * @param xAxis the axis along x
 * @param lineAxis the axis with a line per value, or null for one line
 */
public record SweepPlot(String figure, String xAxis, String lineAxis) {
  private static final Color[] PALETTE = {
    new Color(0x1f, 0x77, 0xb4),
    new Color(0xd6, 0x27, 0x28),
    new Color(0x2c, 0xa0, 0x2c),
    new Color(0xff, 0x7f, 0x0e),
    new Color(0x94, 0x67, 0xbd),
    new Color(0x8c, 0x56, 0x4b),
    new Color(0xe3, 0x77, 0xc2),
    new Color(0x7f, 0x7f, 0x7f)
  };

  /**
   * Reads {@code FIGURE:AXIS[:AXIS]} and checks it against the grid.
   *
   * @param spec the text after {@code --plot}
   * @param grid the grid
   * @return the plot
   */
  public static SweepPlot parse(String spec, Grid grid) {
    String[] parts = spec.split(":", -1);
    if (parts.length < 2 || parts.length > 3) {
      throw new IllegalArgumentException(
          "--plot must be FIGURE:AXIS or FIGURE:AXIS:AXIS (throughput_mbps:slaves), got '"
              + spec
              + "'");
    }
    if (!RunRow.numeric(parts[0])) {
      throw new IllegalArgumentException(
          "--plot "
              + spec
              + ": no figure '"
              + parts[0]
              + "'; allowed: a numeric column of runs.csv, such as throughput_mbps,"
              + " transactions_per_s, p99_latency_us, local.TcpRetransSegs");
    }
    List<String> names = grid.axes().stream().map(Axis::name).toList();
    for (int i = 1; i < parts.length; i++) {
      if (!names.contains(parts[i])) {
        throw new IllegalArgumentException(
            "--plot " + spec + ": no axis '" + parts[i] + "'; the sweep's axes: " + names);
      }
    }
    if (parts.length == 3 && parts[1].equals(parts[2])) {
      throw new IllegalArgumentException("--plot " + spec + ": name two different axes");
    }
    return new SweepPlot(parts[0], parts[1], parts.length == 3 ? parts[2] : null);
  }

  /**
   * Draws the plot into {@code dir}, one PNG and one SVG per value of the axes it does not show.
   *
   * @param dir the output directory
   * @param grid the grid
   * @param summary the sweep's summary
   * @return the files written, PNG then SVG for each picture
   * @throws IOException when a file cannot be written
   */
  public List<Path> draw(Path dir, Grid grid, List<Summary.Row> summary) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<String> names = grid.axes().stream().map(Axis::name).toList();
    int x = names.indexOf(xAxis);
    int line = lineAxis == null ? -1 : names.indexOf(lineAxis);
    Map<List<String>, List<Summary.Row>> pictures = new LinkedHashMap<>();
    for (Summary.Row row : summary) {
      if (!row.figure().equals(figure)) {
        continue;
      }
      List<String> rest = new ArrayList<>();
      for (int a = 0; a < names.size(); a++) {
        if (a != x && a != line) {
          rest.add(names.get(a) + "=" + row.axisValues().get(a));
        }
      }
      pictures.computeIfAbsent(rest, k -> new ArrayList<>()).add(row);
    }
    List<Path> files = new ArrayList<>();
    for (Map.Entry<List<String>, List<Summary.Row>> picture : pictures.entrySet()) {
      XYChart chart = chart(grid, x, line, picture.getKey(), picture.getValue());
      String base = fileName(picture.getKey());
      Path png = dir.resolve(base + ".png");
      Path svg = dir.resolve(base + ".svg");
      BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
      VectorGraphicsEncoder.saveVectorGraphic(
          chart, svg.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
      files.add(png);
      files.add(svg);
    }
    return files;
  }

  /**
   * The picture's title, which says what it shows.
   *
   * @param grid the grid
   * @param rest the other axes' values
   * @return the title
   */
  String caption(Grid grid, List<String> rest) {
    StringBuilder text = new StringBuilder(label(figure) + " against " + xAxis);
    if (lineAxis != null) {
      text.append(", a line per ").append(lineAxis);
    }
    if (!rest.isEmpty()) {
      text.append(" (").append(String.join(", ", rest)).append(")");
    }
    return text.toString();
  }

  private XYChart chart(Grid grid, int x, int line, List<String> rest, List<Summary.Row> rows) {
    List<String> xValues = grid.axes().get(x).values();
    boolean numeric = xValues.stream().allMatch(SweepPlot::isNumber);
    XYChart chart =
        new XYChartBuilder()
            .width(1000)
            .height(560)
            .title(caption(grid, rest))
            .xAxisTitle(xAxis)
            .yAxisTitle(label(figure) + ": mean, 95 % CI band, " + grid.seeds().size() + " seeds")
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setLegendVisible(line >= 0);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(13f));
    if (!numeric) {
      chart.setCustomXAxisTickLabelsFormatter(
          v -> {
            int i = (int) Math.round(v);
            return Math.abs(v - i) < 1e-9 && i >= 0 && i < xValues.size() ? xValues.get(i) : " ";
          });
    }
    Map<String, List<Summary.Row>> lines = new LinkedHashMap<>();
    for (Summary.Row row : rows) {
      String key = line < 0 ? label(figure) : lineAxis + "=" + row.axisValues().get(line);
      lines.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
    }
    int colour = 0;
    for (Map.Entry<String, List<Summary.Row>> entry : lines.entrySet()) {
      Color c = PALETTE[colour++ % PALETTE.length];
      List<Double> xs = new ArrayList<>();
      List<Double> means = new ArrayList<>();
      List<Double> lows = new ArrayList<>();
      List<Double> highs = new ArrayList<>();
      for (Summary.Row row : entry.getValue()) {
        String value = row.axisValues().get(x);
        xs.add(numeric ? Double.parseDouble(value) : (double) xValues.indexOf(value));
        means.add(row.estimate().mean());
        boolean known = !Double.isNaN(row.estimate().ciLow());
        lows.add(known ? row.estimate().ciLow() : row.estimate().mean());
        highs.add(known ? row.estimate().ciHigh() : row.estimate().mean());
      }
      List<Double> bandX = new ArrayList<>(xs);
      List<Double> bandY = new ArrayList<>(highs);
      for (int i = xs.size() - 1; i >= 0; i--) {
        bandX.add(xs.get(i));
        bandY.add(lows.get(i));
      }
      XYSeries band = chart.addSeries(entry.getKey() + " 95 % CI", bandX, bandY);
      band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
      band.setFillColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 60));
      band.setLineColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 0));
      band.setMarker(SeriesMarkers.NONE);
      band.setShowInLegend(false);
      XYSeries mean = chart.addSeries(entry.getKey(), xs, means);
      mean.setLineColor(c);
      mean.setMarkerColor(c);
      mean.setMarker(SeriesMarkers.CIRCLE);
    }
    return chart;
  }

  private String fileName(List<String> rest) {
    StringBuilder name = new StringBuilder(figure).append("-by-").append(xAxis);
    if (lineAxis != null) {
      name.append("-per-").append(lineAxis);
    }
    for (String r : rest) {
      name.append('-').append(r);
    }
    return name.toString().replaceAll("[^A-Za-z0-9._=-]", "_");
  }

  /**
   * A figure's axis label with its unit.
   *
   * @param figure the column
   * @return such as {@code throughput_mbps (Mbit/s)}
   */
  static String label(String figure) {
    String unit;
    if (figure.endsWith("_mbps")) {
      unit = "Mbit/s";
    } else if (figure.endsWith("_per_s")) {
      unit = "transactions/s";
    } else if (figure.endsWith("_us")) {
      unit = "µs";
    } else if (figure.endsWith("_percent")) {
      unit = "%";
    } else if (figure.startsWith("reordered_ratio")) {
      unit = "share of packets";
    } else if (figure.equals("cwnd") || figure.equals("reordering")) {
      unit = "segments";
    } else if (figure.startsWith("drops_")) {
      unit = "frames";
    } else {
      unit = "count";
    }
    return figure + " (" + unit + ")";
  }

  private static boolean isNumber(String s) {
    try {
      Double.parseDouble(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
