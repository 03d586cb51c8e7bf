package org.bondsim.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.bondsim.core.scenario.TimeSeries;

/**
 * {@code --series FILE.csv} written as the run goes: the header, then a line per interval, so the
 * file holds what memory no longer has to. A failure names the file and the system's reason, as a
 * usage error: the user picks another path or frees the disk.
 */
final class SeriesFile implements TimeSeries.Sink, AutoCloseable {
  private final Path path;
  private final BufferedWriter out;

  private SeriesFile(Path path, BufferedWriter out) {
    this.path = path;
    this.out = out;
  }

  /**
   * Opens (creates or empties) the file.
   *
   * @param path the file
   * @return the sink
   * @throws IllegalArgumentException naming the path and why it cannot be written
   */
  static SeriesFile open(Path path) {
    try {
      return new SeriesFile(path, Files.newBufferedWriter(path));
    } catch (IOException e) {
      throw failure(path, e);
    }
  }

  @Override
  public void header(List<String> columns) {
    line(String.join(",", columns));
  }

  @Override
  public void row(String[] row) {
    line(String.join(",", row));
  }

  private void line(String text) {
    try {
      out.write(text);
      out.write('\n');
    } catch (IOException e) {
      throw failure(path, e);
    }
  }

  /** Writes out what is buffered; the file is complete. */
  void finish() {
    try {
      out.flush();
    } catch (IOException e) {
      throw failure(path, e);
    }
  }

  @Override
  public void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw failure(path, e);
    }
  }

  private static IllegalArgumentException failure(Path path, IOException e) {
    return new IllegalArgumentException(
        "--series " + path + " cannot be written (" + reason(e) + ")");
  }

  /**
   * The system's reason for a failed file operation, in its own words where Java keeps them.
   *
   * @param e the failure
   * @return such as "Permission denied" or "No space left on device"
   */
  static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "No such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "Permission denied";
    }
    if (e instanceof java.nio.file.FileAlreadyExistsException) {
      return "File exists";
    }
    if (e instanceof java.nio.file.NotDirectoryException) {
      return "Not a directory";
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    return e.getMessage() == null ? "I/O error" : e.getMessage();
  }
}
