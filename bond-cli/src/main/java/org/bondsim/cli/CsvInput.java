package org.bondsim.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PushbackReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reading a CSV file as a user hands it over: UTF-8 with or without a byte-order mark, LF or CRLF
 * line ends, and problems reported as one line with the file, line, column and what is wrong, in
 * words rather than the parser's Java vocabulary.
 */
final class CsvInput {
  private CsvInput() {}

  /**
   * Opens a file for reading, strict about UTF-8 and skipping a byte-order mark.
   *
   * @param path the file
   * @return a reader positioned after any BOM
   * @throws IOException if it cannot be opened
   */
  static Reader open(Path path) throws IOException {
    Reader decoded =
        new BufferedReader(
            new InputStreamReader(
                Files.newInputStream(path),
                StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)));
    PushbackReader reader = new PushbackReader(decoded, 1);
    int first = reader.read();
    if (first != -1 && first != '\uFEFF') {
      reader.unread(first);
    }
    return reader;
  }

  /**
   * Checks the header row and returns its trimmed names (a CRLF file may leave a trailing CR).
   *
   * @param file the file's name, for messages
   * @param row the first row
   * @param columns the columns that must be there
   * @return the names
   */
  static List<String> header(String file, List<String> row, List<String> columns) {
    List<String> header = row.stream().map(String::strip).toList();
    for (String column : columns) {
      if (!header.contains(column)) {
        throw new IllegalArgumentException(
            file
                + " line 1: missing column "
                + column
                + "; the header must hold "
                + String.join(",", columns));
      }
    }
    return header;
  }

  /**
   * Describes a reading problem in one line.
   *
   * @param file the file's name
   * @param line the last line read, 0 if none
   * @param problem what the reader threw
   * @return such as {@code frames.csv line 3, column 7: unexpected end of a quoted value}
   */
  static String describe(String file, long line, Exception problem) {
    if (problem instanceof CharacterCodingException
        || problem.getCause() instanceof CharacterCodingException) {
      return "--input "
          + file
          + " is not UTF-8 text (after line "
          + line
          + "); allowed: CSV as RFC 4180 writes it, in UTF-8";
    }
    if (problem instanceof JsonProcessingException json) {
      JsonLocation at = json.getLocation();
      String where =
          at == null ? " line " + line : " line " + at.getLineNr() + ", column " + at.getColumnNr();
      return "--input "
          + file
          + where
          + ": "
          + words(json.getOriginalMessage())
          + "; allowed: CSV as RFC 4180 writes it, in UTF-8";
    }
    return "--input "
        + file
        + " cannot be read after line "
        + line
        + ": "
        + words(problem.getMessage());
  }

  /** The parser's message without Java names, code references or echoed input at length. */
  static String words(String message) {
    if (message == null) {
      return "not valid CSV";
    }
    if (message.contains("StreamReadConstraints") || message.contains("exceeds the maximum")) {
      return "a value is longer than the parser accepts (20000000 characters)";
    }
    String cleaned =
        message
            .replaceAll("\\(from `[^`]*`\\)", "")
            .replaceAll("`[^`]*`", "")
            .replaceAll("java\\.[\\w.$]+(\\[[^\\]]*\\])?", "")
            .replaceAll("\\s+", " ")
            .strip();
    int firstLine = cleaned.indexOf('\n');
    if (firstLine >= 0) {
      cleaned = cleaned.substring(0, firstLine);
    }
    if (cleaned.length() > 120) {
      cleaned = cleaned.substring(0, 117) + "…";
    }
    return cleaned.isEmpty() ? "not valid CSV" : cleaned;
  }
}
