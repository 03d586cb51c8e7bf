package org.bondsim.cli;

import java.util.Locale;
import org.bondsim.api.option.StrictNumbers;

/** Parses {@code --sender}: ethtool's {@code gso} and {@code tso} words. */
final class SenderOffloads {
  private SenderOffloads() {}

  /**
   * Returns whether the sender segments in GSO/TSO super-packets.
   *
   * @param text such as {@code gso off tso off}
   * @return true if gso or tso is on
   */
  static boolean parse(String text) {
    String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
    boolean on = false;
    for (int i = 0; i < words.length; i++) {
      String word = words[i];
      if (word.isEmpty()) {
        continue;
      }
      if (!word.equals("gso") && !word.equals("tso")) {
        throw new IllegalArgumentException(
            "--sender takes gso and tso, got '" + StrictNumbers.echo(word) + "'");
      }
      if (i + 1 >= words.length) {
        throw new IllegalArgumentException("--sender " + word + " needs a value: on or off");
      }
      if (!(words[i + 1].equals("on") || words[i + 1].equals("off"))) {
        throw new IllegalArgumentException(
            "--sender "
                + word
                + " must be on or off, got '"
                + StrictNumbers.echo(words[i + 1])
                + "'");
      }
      on |= words[++i].equals("on");
    }
    return on;
  }
}
