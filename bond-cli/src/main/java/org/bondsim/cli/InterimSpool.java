package org.bondsim.cli;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import org.bondsim.core.scenario.TimeSeries;

/**
 * netperf -D's interim results, kept on disk while the run goes: each interval's end and goodput
 * (16 bytes) go to a temporary file, read back when the report prints them after the banner, so
 * {@code -D 0.001} over a long run takes no more memory than a short one. The file is removed when
 * the spool closes.
 */
final class InterimSpool implements TimeSeries.Sink, AutoCloseable {
  private final Path file;
  private final DataOutputStream data;
  private int timeIndex = -1;
  private int goodputIndex = -1;
  private boolean finished;

  InterimSpool() throws IOException {
    file = Files.createTempFile("bondsim-interim", ".bin");
    data = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)));
  }

  @Override
  public void header(List<String> columns) {
    timeIndex = columns.indexOf("time_s");
    goodputIndex = columns.indexOf("goodput_mbps");
  }

  @Override
  public void row(String[] row) {
    if (goodputIndex < 0 || row[goodputIndex].isEmpty()) {
      return;
    }
    try {
      data.writeDouble(Double.parseDouble(row[timeIndex]));
      data.writeDouble(Double.parseDouble(row[goodputIndex]));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The intervals as lines, read back from disk one at a time.
   *
   * @param line makes a line of an interval's {@code {end_s, goodput_mbps}}
   * @return the lines, in order
   */
  Iterable<String> lines(Function<double[], String> line) {
    if (!finished) {
      finished = true;
      try {
        data.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return () -> new Lines(line);
  }

  private final class Lines implements Iterator<String> {
    private final Function<double[], String> line;
    private final DataInputStream in;
    private double[] next;

    Lines(Function<double[], String> line) {
      this.line = line;
      try {
        this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      advance();
    }

    private void advance() {
      try {
        next = new double[] {in.readDouble(), in.readDouble()};
      } catch (EOFException e) {
        next = null;
        close(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public boolean hasNext() {
      return next != null;
    }

    @Override
    public String next() {
      if (next == null) {
        throw new NoSuchElementException();
      }
      String text = line.apply(next);
      advance();
      return text;
    }
  }

  private static void close(DataInputStream in) {
    try {
      in.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      data.close();
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A spool in a temporary file, or a one-line refusal naming TMPDIR when none can be made. */
  static InterimSpool open() {
    try {
      return new InterimSpool();
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException(
          "-D needs a temporary file, which cannot be created ("
              + SeriesFile.reason(e)
              + "; set TMPDIR or java.io.tmpdir to a writable directory)");
    }
  }

  /** netperf's -D interval[,units]: seconds (a negative one as netperf's timestamp mode). */
  static long demoInterval(String text) {
    String first = text.split(",", -1)[0].trim();
    double seconds;
    try {
      // netperf takes -D's interval only when it starts with a digit; "-D -1" is another option.
      seconds = Double.parseDouble(first);
    } catch (NumberFormatException e) {
      seconds = -1;
    }
    if (!(seconds >= 0.001 && seconds <= 86_400)) {
      throw new IllegalArgumentException(
          "-D interval must be seconds 0.001..86400 (netperf's interval[,units]), got '"
              + text
              + "'");
    }
    return Math.round(seconds * 1e9);
  }
}
