package org.bondsim.cli.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real kernel's samples, as the guest's sender printed them, become bondsim's columns. */
class LabSeriesTest {
  @TempDir Path dir;

  private LabRun run() {
    return new LabRun(
        55.0,
        Map.of(),
        Map.of(),
        Map.of(),
        List.of(),
        new double[0],
        new double[0],
        30,
        List.of(),
        List.of(),
        dir);
  }

  @Test
  void countersBecomeWhatEachIntervalAddedAndTheStateItsName() throws IOException {
    Files.writeString(
        dir.resolve("send0.txt"),
        "sample=0.000000,10,2147483647,0,0,2579,3,0,0\n"
            + "sample=0.023348,20,20,20,6,4435,13,6,1\n"
            + "tcpi_snd_cwnd=64\n"
            + "sample=0.044953,20,20,16,8,3947,14,7,3\n"
            + "mbps=55.570\n");
    Path csv = dir.resolve("linux-run-1.csv");
    assertThat(LabSeries.write(run(), csv)).isEqualTo(3);
    assertThat(Files.readAllLines(csv))
        .containsExactly(
            LabSeries.HEADER,
            "0.000000,10,2147483647,0,0,2.579,3,0,open",
            "0.023348,20,20,20,6,4.435,13,6,disorder",
            "0.044953,20,20,16,2,3.947,14,1,recovery");
  }

  @Test
  void aSampleWithoutItsNineFieldsIsRefused() throws IOException {
    Files.writeString(dir.resolve("send0.txt"), "sample=0.1,10,20\n");
    assertThatThrownBy(() -> LabSeries.write(run(), dir.resolve("x.csv")))
        .isInstanceOf(IOException.class)
        .hasMessage("a sample of 3 fields, 9 expected: sample=0.1,10,20");
  }
}
