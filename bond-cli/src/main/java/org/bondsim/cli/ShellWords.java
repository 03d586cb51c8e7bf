package org.bondsim.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one quoted argument into words as a POSIX shell would: blanks separate words, single
 * quotes keep everything, double quotes keep all but a backslash before {@code "} or {@code \}, a
 * backslash outside quotes keeps the next character. So {@code compare "--bond 'mode balance-rr'
 * --slaves 3x1000" …} gets the words a terminal would have given netperf.
 */
final class ShellWords {
  private ShellWords() {}

  static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote == '\'') {
        if (c == '\'') {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (quote == '"') {
        if (c == '"') {
          quote = 0;
        } else if (c == '\\'
            && i + 1 < line.length()
            && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
          word.append(line.charAt(++i));
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (c == '\\' && i + 1 < line.length()) {
        word.append(line.charAt(++i));
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("an unclosed " + quote + " quote in '" + line + "'");
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
