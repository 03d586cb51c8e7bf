package org.bondsim.cli.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A sweep's directory: {@code sweep.json} (what the grid is), {@code runs.csv} and {@code
 * runs.jsonl}, appended one row at a time in run order. Opening a directory that holds the same
 * grid resumes it: both files are cut back to the rows both hold whole (a kill -9 can leave a
 * half-written line, or a row in one file and not yet in the other), and the sweep goes on from
 * there, so every row ends up exactly once. A directory that holds another grid is refused.
 */
public final class SweepOutput implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final RowFormat format;
  private final FileChannel csv;
  private final FileChannel jsonl;
  private final int done;

  private SweepOutput(Path dir, RowFormat format, FileChannel csv, FileChannel jsonl, int done) {
    this.dir = dir;
    this.format = format;
    this.csv = csv;
    this.jsonl = jsonl;
    this.done = done;
  }

  /**
   * Opens (or resumes) a sweep's directory.
   *
   * @param dir the directory, created if missing
   * @param grid the grid
   * @return the output, with {@link #done()} rows already there
   * @throws IllegalArgumentException when the directory holds another sweep or cannot be written
   */
  public static SweepOutput open(Path dir, Grid grid) {
    RowFormat format = new RowFormat(grid);
    String fingerprint = fingerprint(grid);
    Path description = dir.resolve("sweep.json");
    try {
      Files.createDirectories(dir);
      if (Files.exists(description)) {
        if (!Files.readString(description).equals(fingerprint)) {
          throw new IllegalArgumentException(
              "--out "
                  + dir
                  + " holds another sweep (its sweep.json names another grid); allowed: the same"
                  + " grid, to resume it, or a new directory");
        }
      } else {
        Path temp = dir.resolve("sweep.json.tmp");
        Files.writeString(temp, fingerprint);
        Files.move(temp, description, StandardCopyOption.ATOMIC_MOVE);
      }
      Path csvPath = dir.resolve("runs.csv");
      Path jsonlPath = dir.resolve("runs.jsonl");
      byte[] header = format.csvHeader().getBytes(StandardCharsets.UTF_8);
      List<Long> csvEnds = lineEnds(csvPath);
      List<Long> jsonEnds = lineEnds(jsonlPath);
      if (!csvEnds.isEmpty() && !headerMatches(csvPath, header)) {
        throw new IllegalArgumentException(
            "--out " + dir + ": runs.csv has other columns than this sweep; use a new directory");
      }
      int rows = Math.max(0, Math.min(csvEnds.size() - 1, jsonEnds.size()));
      FileChannel csv = append(csvPath);
      FileChannel jsonl = append(jsonlPath);
      if (csvEnds.isEmpty()) {
        csv.truncate(0);
        write(csv, header);
      } else {
        csv.truncate(csvEnds.get(rows));
      }
      jsonl.truncate(rows == 0 ? 0 : jsonEnds.get(rows - 1));
      csv.position(csv.size());
      jsonl.position(jsonl.size());
      return new SweepOutput(dir, format, csv, jsonl, rows);
    } catch (IOException e) {
      throw new IllegalArgumentException("--out " + dir + ": " + reason(e));
    }
  }

  /**
   * Returns how many rows were there already, from run 0 on.
   *
   * @return rows
   */
  public int done() {
    return done;
  }

  /**
   * Returns the directory.
   *
   * @return the directory
   */
  public Path dir() {
    return dir;
  }

  /**
   * Appends a row to both files.
   *
   * @param row the next row in run order
   */
  public void append(RunRow row) {
    try {
      write(csv, format.csvLine(row).getBytes(StandardCharsets.UTF_8));
      write(jsonl, format.jsonLine(row).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("--out " + dir + ": " + reason(e), e);
    }
  }

  /**
   * Reads every row back from {@code runs.jsonl}.
   *
   * @return the rows, in run order
   */
  public List<RunRow> rows() {
    try {
      List<RunRow> rows = new ArrayList<>();
      for (String line : Files.readAllLines(dir.resolve("runs.jsonl"), StandardCharsets.UTF_8)) {
        rows.add(format.fromJson(line));
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      csv.close();
      jsonl.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The grid as sweep.json keeps it: the base line, the axes and the seeds. */
  static String fingerprint(Grid grid) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode base = root.putArray("netperf");
    grid.base().forEach(base::add);
    ArrayNode axes = root.putArray("axes");
    for (Axis axis : grid.axes()) {
      ObjectNode a = axes.addObject();
      a.put("name", axis.name());
      ArrayNode values = a.putArray("values");
      axis.values().forEach(values::add);
    }
    ArrayNode seeds = root.putArray("seeds");
    grid.seeds().forEach(seeds::add);
    root.put("runs", grid.runCount());
    return root.toPrettyString() + "\n";
  }

  static String reason(IOException e) {
    String message = e.getMessage();
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.FileAlreadyExistsException) {
      return "a file stands where a directory is needed";
    }
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file or directory";
    }
    return message == null ? e.getClass().getSimpleName() : message;
  }

  /** Byte offsets just past each complete line; a partial last line is left out. */
  private static List<Long> lineEnds(Path path) throws IOException {
    List<Long> ends = new ArrayList<>();
    if (!Files.exists(path)) {
      return ends;
    }
    try (java.io.InputStream in = Files.newInputStream(path)) {
      byte[] chunk = new byte[1 << 16];
      long offset = 0;
      for (int n; (n = in.read(chunk)) > 0; offset += n) {
        for (int i = 0; i < n; i++) {
          if (chunk[i] == '\n') {
            ends.add(offset + i + 1);
          }
        }
      }
    }
    return ends;
  }

  private static boolean headerMatches(Path path, byte[] header) throws IOException {
    try (java.io.InputStream in = Files.newInputStream(path)) {
      return java.util.Arrays.equals(in.readNBytes(header.length), header);
    }
  }

  private static FileChannel append(Path path) throws IOException {
    return FileChannel.open(
        path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
  }

  private static void write(FileChannel channel, byte[] bytes) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }
}
