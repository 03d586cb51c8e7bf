package org.bondsim.cli;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes XChart panels stacked one above another into one PNG or SVG, the format chosen by the
 * file's extension; headless.
 */
final class Pictures {
  private Pictures() {}

  /**
   * Checks a picture's file name before a run: {@code .png} or {@code .svg}.
   *
   * @param option the option that named it, for the message
   * @param file the file
   */
  static void checkName(String option, Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase();
    if (!name.endsWith(".png") && !name.endsWith(".svg")) {
      throw new IllegalArgumentException(
          option + " must name a .png or .svg file, got '" + file + "'");
    }
  }

  /**
   * Draws the panels, each {@code width} by {@code panelHeight}, top to bottom.
   *
   * @param option the option that named the file, for messages
   * @param file a .png or .svg file
   * @param panels the charts
   * @param width pixels
   * @param panelHeight pixels per panel
   */
  static void save(
      String option, Path file, List<? extends Chart<?, ?>> panels, int width, int panelHeight) {
    System.setProperty("java.awt.headless", "true");
    int height = panelHeight * panels.size();
    try (OutputStream out = Files.newOutputStream(file)) {
      if (file.toString().toLowerCase().endsWith(".svg")) {
        VectorGraphics2D g = new VectorGraphics2D();
        paint(g, panels, width, panelHeight);
        new SVGProcessor()
            .getDocument(g.getCommands(), new PageSize(0, 0, width, height))
            .writeTo(out);
      } else {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        paint(g, panels, width, panelHeight);
        g.dispose();
        ImageIO.write(image, "png", out);
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(option + " " + file + ": " + SeriesFile.reason(e));
    }
  }

  private static void paint(
      Graphics2D g, List<? extends Chart<?, ?>> panels, int width, int panelHeight) {
    for (int i = 0; i < panels.size(); i++) {
      Graphics2D panel = (Graphics2D) g.create(0, i * panelHeight, width, panelHeight);
      panels.get(i).paint(panel, width, panelHeight);
      panel.dispose();
    }
  }
}
