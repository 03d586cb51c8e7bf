package org.bondsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/** {@code xmit-hash --spread --plot}: flows per slave as bars, beside the uniform share. */
final class SpreadPlot {
  private SpreadPlot() {}

  static void draw(Path picture, long[] counts, double expected, String title) {
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(900)
            .height(480)
            .title(title)
            .xAxisTitle("slave")
            .yAxisTitle("flows")
            .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(12f));
    chart.getStyler().setOverlapped(true);
    List<String> slaves = new ArrayList<>();
    List<Long> flows = new ArrayList<>();
    List<Double> uniform = new ArrayList<>();
    for (int s = 0; s < counts.length; s++) {
      slaves.add(Integer.toString(s));
      flows.add(counts[s]);
      uniform.add(expected);
    }
    chart.addSeries("flows", slaves, flows);
    CategorySeries even = chart.addSeries("uniform share", slaves, uniform);
    even.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
    Pictures.save("--plot", picture, List.of(chart), 900, 480);
  }
}
