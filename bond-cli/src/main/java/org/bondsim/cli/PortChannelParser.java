package org.bondsim.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.core.wire.PortChannelSpec;
import org.bondsim.core.wire.SwitchHash;

/**
 * Reads {@code --port-channel "mode active lacp-rate fast load-balance src-dst-ip"}: word-value
 * pairs in the words a switch's configuration uses ({@code channel-group N mode}, {@code lacp
 * rate}, {@code port-channel load-balance}).
 */
final class PortChannelParser {
  private PortChannelParser() {}

  static PortChannelSpec parse(String text) {
    String[] words = text.trim().split("\\s+");
    if (words.length % 2 != 0 || text.isBlank()) {
      throw new OptionException(
          "--port-channel",
          text,
          "--port-channel must be word-value pairs like 'mode active lacp-rate fast', got '"
              + StrictNumbers.echo(text)
              + "'");
    }
    Map<String, String> pairs = new LinkedHashMap<>();
    for (int i = 0; i < words.length; i += 2) {
      pairs.put(words[i], words[i + 1]);
    }
    PortChannelSpec.Mode mode = PortChannelSpec.Mode.ACTIVE;
    boolean fast = false;
    SwitchHash hash = SwitchHash.SRC_DST_IP;
    for (Map.Entry<String, String> pair : pairs.entrySet()) {
      String value = pair.getValue();
      switch (pair.getKey()) {
        case "mode" -> {
          mode =
              switch (value) {
                case "on" -> PortChannelSpec.Mode.ON;
                case "active" -> PortChannelSpec.Mode.ACTIVE;
                case "passive" -> PortChannelSpec.Mode.PASSIVE;
                default -> throw bad("mode", value, "one of on, active, passive");
              };
        }
        case "lacp-rate" -> {
          if (!value.equals("fast") && !value.equals("normal")) {
            throw bad("lacp-rate", value, "one of normal, fast");
          }
          fast = value.equals("fast");
        }
        case "load-balance" -> {
          hash = SwitchHash.parse(value);
          if (hash == null) {
            throw bad(
                "load-balance",
                value,
                "one of src-mac, dst-mac, src-dst-mac, src-ip, dst-ip, src-dst-ip, src-port,"
                    + " dst-port, src-dst-port");
          }
        }
        default ->
            throw new OptionException(
                "--port-channel",
                text,
                "--port-channel has no setting '"
                    + StrictNumbers.echo(pair.getKey())
                    + "'; allowed: mode, lacp-rate, load-balance");
      }
    }
    if (mode == PortChannelSpec.Mode.ON && pairs.containsKey("lacp-rate")) {
      throw new OptionException(
          "--port-channel",
          text,
          "--port-channel lacp-rate needs an LACP mode (active or passive), got mode on");
    }
    return new PortChannelSpec(mode, fast, hash);
  }

  private static OptionException bad(String word, String value, String allowed) {
    return new OptionException(
        "--port-channel",
        value,
        "--port-channel "
            + word
            + " must be "
            + allowed
            + ", got '"
            + StrictNumbers.echo(value)
            + "'");
  }
}
