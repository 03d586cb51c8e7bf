package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotsTest {
  private static int colours(BufferedImage image) {
    Set<Integer> seen = new HashSet<>();
    for (int x = 0; x < image.getWidth(); x += 3) {
      for (int y = 0; y < image.getHeight(); y += 3) {
        seen.add(image.getRGB(x, y));
      }
    }
    return seen.size();
  }

  @Test
  void aSeriesIsDrawnAsStackedPanelsInPngAndSvg(@TempDir Path dir) throws Exception {
    for (String name : new String[] {"failover.png", "failover.svg"}) {
      CliRunner r =
          CliRunner.run(
              "netperf",
              "-t",
              "TCP_STREAM",
              "-l",
              "1",
              "--bond",
              "mode active-backup miimon 100",
              "--slaves",
              "2x1000",
              "--fail",
              "eth0@0.5s",
              "--series",
              dir.resolve("s.csv").toString(),
              "--interval",
              "50ms",
              "--plot",
              dir.resolve(name).toString());
      assertThat(r.exitCode()).as(r.err()).isZero();
    }
    BufferedImage image = ImageIO.read(dir.resolve("failover.png").toFile());
    // Four panels of 330 pixels: rates, the window, the RTT, events (no CPU model, no CPU panel).
    assertThat(image.getWidth()).isEqualTo(1000);
    assertThat(image.getHeight()).isEqualTo(1320);
    assertThat(colours(image)).isGreaterThan(20);
    assertThat(Files.readString(dir.resolve("failover.svg"))).startsWith("<?xml").contains("<svg");
  }

  @Test
  void aSpreadIsDrawnAsBarsBesideTheUniformShare(@TempDir Path dir) throws Exception {
    Path png = dir.resolve("spread.png");
    CliRunner r =
        CliRunner.run(
            "xmit-hash",
            "--spread",
            "--policy",
            "layer3+4",
            "--slaves",
            "3",
            "--plot",
            png.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(900);
    assertThat(image.getHeight()).isEqualTo(480);
    assertThat(colours(image)).isGreaterThan(10);
  }

  @Test
  void aPlotWithoutItsDataOrOfAnotherFormatIsRefused(@TempDir Path dir) {
    CliRunner r = CliRunner.run("netperf", "-l", "0.1", "--plot", dir.resolve("a.png").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("bondsim: --plot needs --series FILE.csv (the data it draws)\n");
    r =
        CliRunner.run(
            "netperf",
            "-l",
            "0.1",
            "--series",
            dir.resolve("s.csv").toString(),
            "--plot",
            dir.resolve("a.pdf").toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("bondsim: --plot must name a .png or .svg file, got '");
    assertThat(dir.resolve("s.csv")).doesNotExist();
    r = CliRunner.run("xmit-hash", "--policy", "layer2", "--slaves", "2", "--plot", "x.png");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("bondsim: --plot needs --spread");
  }
}
