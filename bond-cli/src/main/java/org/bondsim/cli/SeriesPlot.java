package org.bondsim.cli;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code netperf --series FILE.csv --plot FILE.png|.svg}: the series as three panels over the
 * test's time: goodput and each slave's transmit rate (a failover shows as one slave's line
 * dropping to zero and another's rising, with goodput's gap between), the congestion window,
 * ssthresh and what is in flight, and the reordering and loss events per interval. Each point is
 * the interval that ends at its time.
 */
final class SeriesPlot {
  private static final int WIDTH = 1000;
  private static final int PANEL = 330;

  private SeriesPlot() {}

  static void draw(Path series, Path picture, String caption) {
    Map<String, List<Double>> columns = read(series);
    List<Double> time = columns.remove("time_s");
    if (time == null || time.isEmpty()) {
      throw new IllegalArgumentException("--plot: the series has no intervals to draw");
    }
    List<XYChart> panels = new ArrayList<>();
    XYChart rates = panel(caption, "Mbit/s");
    add(rates, "goodput", time, columns.get("goodput_mbps"));
    for (Map.Entry<String, List<Double>> column : columns.entrySet()) {
      if (column.getKey().endsWith("_tx_bytes")) {
        List<Double> mbps = new ArrayList<>();
        for (int i = 0; i < time.size(); i++) {
          double seconds = time.get(i) - (i == 0 ? 0 : time.get(i - 1));
          mbps.add(column.getValue().get(i) * 8 / seconds / 1e6);
        }
        String slave =
            column.getKey().substring(0, column.getKey().length() - "_tx_bytes".length());
        add(rates, slave + " sent", time, mbps);
      }
    }
    panels.add(rates);
    XYChart window = panel("the first stream's sending socket", "segments");
    add(window, "cwnd", time, columns.get("cwnd"));
    add(window, "ssthresh", time, columns.get("ssthresh"));
    add(window, "in flight", time, columns.get("in_flight"));
    add(window, "reordering", time, columns.get("reordering"));
    panels.add(window);
    if (columns.containsKey("srtt_ms")
        && columns.get("srtt_ms").stream().anyMatch(v -> !Double.isNaN(v))) {
      XYChart rtt = panel("the first stream's smoothed RTT", "ms");
      add(rtt, "srtt", time, columns.get("srtt_ms"));
      panels.add(rtt);
    }
    XYChart events = panel("events per interval", "count");
    add(events, "retransmissions", time, columns.get("retransmissions"));
    add(events, "DSACKed segments", time, columns.get("dsacks"));
    add(events, "SACK reorder events", time, columns.get("sack_reorder"));
    add(events, "reordered at TCP's input", time, columns.get("reordered_at_tcp"));
    panels.add(events);
    if (columns.containsKey("receiver_cpu_percent")
        && columns.get("receiver_cpu_percent").stream().anyMatch(v -> !Double.isNaN(v))) {
      XYChart cpu = panel("the receiving host", "CPU %");
      add(cpu, "receiver CPU", time, columns.get("receiver_cpu_percent"));
      panels.add(cpu);
    }
    panels.get(panels.size() - 1).setXAxisTitle("time since the test began (s)");
    Pictures.save("--plot", picture, panels, WIDTH, PANEL);
  }

  private static XYChart panel(String title, String unit) {
    XYChart chart =
        new XYChartBuilder().width(WIDTH).height(PANEL).title(title).yAxisTitle(unit).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setMarkerSize(3);
    chart.getStyler().setXAxisDecimalPattern("0.0##");
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(12f));
    return chart;
  }

  private static void add(XYChart chart, String name, List<Double> time, List<Double> values) {
    if (values == null || values.stream().allMatch(v -> Double.isNaN(v))) {
      return;
    }
    // An unknown value (an infinite ssthresh, no CPU model) is a gap, not a zero.
    XYSeries series = chart.addSeries(name, time, values);
    series.setMarker(SeriesMarkers.NONE);
  }

  /**
   * The CSV's numeric columns by name, an empty cell as NaN; the congestion state's names left out.
   */
  private static Map<String, List<Double>> read(Path series) {
    Map<String, List<Double>> columns = new LinkedHashMap<>();
    CsvMapper mapper = new CsvMapper();
    try (MappingIterator<Map<String, String>> rows =
        mapper
            .readerForMapOf(String.class)
            .with(CsvSchema.emptySchema().withHeader())
            .readValues(series.toFile())) {
      while (rows.hasNext()) {
        for (Map.Entry<String, String> cell : rows.next().entrySet()) {
          if (cell.getKey().equals("ca_state")) {
            continue;
          }
          String text = cell.getValue().trim();
          columns
              .computeIfAbsent(cell.getKey(), k -> new ArrayList<>())
              .add(text.isEmpty() ? Double.NaN : Double.parseDouble(text));
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("--plot: the series cannot be read back: " + e);
    }
    return columns;
  }
}
