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
}
