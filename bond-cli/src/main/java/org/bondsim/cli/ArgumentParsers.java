package org.bondsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.Network;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.wire.Netem;

/** Parsers for the CLI's compact value syntaxes; each error names the option and what it allows. */
final class ArgumentParsers {
  private ArgumentParsers() {}

  /**
   * Parses {@code --slaves}: {@code 3x1000}, {@code 1000,1000,100}, speeds in Mbit/s with an
   * optional {@code M} or {@code G} suffix ({@code 2x10G}).
   */
  static List<Long> speeds(String text) {
    String allowed =
        "COUNTxSPEED like 3x1000 or a comma list like 1000,1000,100 (Mbit/s, or 10G, 2.5G)";
    String trimmed = text.trim();
    List<Long> speeds = new ArrayList<>();
    int x = trimmed.toLowerCase(Locale.ROOT).indexOf('x');
    if (x >= 0) {
      String countText = trimmed.substring(0, x);
      if (!StrictNumbers.isInteger(countText) || countText.length() > 9) {
        throw new IllegalArgumentException(
            "--slaves must be " + allowed + ", got '" + StrictNumbers.echo(text) + "'");
      }
      int count = Integer.parseInt(countText);
      if (count < 1 || count > 64) {
        throw new IllegalArgumentException(
            "--slaves count must be 1..64, got "
                + count
                + " in '"
                + StrictNumbers.echo(text)
                + "'");
      }
      long speed = speed(trimmed.substring(x + 1), text, allowed);
      for (int i = 0; i < count; i++) {
        speeds.add(speed);
      }
    } else {
      for (String part : commaList("--slaves", text, allowed)) {
        speeds.add(speed(part, text, allowed));
      }
      if (speeds.size() > 64) {
        throw new IllegalArgumentException(
            "--slaves count must be 1..64, got "
                + speeds.size()
                + " in '"
                + StrictNumbers.echo(text)
                + "'");
      }
    }
    return speeds;
  }

  private static long speed(String part, String whole, String allowed) {
    String p = part.trim();
    long multiplier = 1;
    if (p.endsWith("G") || p.endsWith("g")) {
      multiplier = 1000;
      p = p.substring(0, p.length() - 1);
    } else if (p.endsWith("M") || p.endsWith("m")) {
      p = p.substring(0, p.length() - 1);
    }
    long value;
    if (multiplier == 1000 && p.matches("[0-9]{1,6}\\.[0-9]{1,3}")) {
      // 2.5G, 0.1G: whole Mbit/s, as ethtool's speeds are.
      value = new java.math.BigDecimal(p).movePointRight(3).longValueExact();
    } else if (!StrictNumbers.isInteger(p)
        || p.startsWith("-")
        || p.startsWith("+")
        || p.length() > 9) {
      throw new IllegalArgumentException(
          "--slaves must be " + allowed + ", got '" + StrictNumbers.echo(whole) + "'");
    } else {
      value = Long.parseLong(p) * multiplier;
    }
    if (value < 1 || value > 1_000_000) {
      throw new IllegalArgumentException(
          "--slaves speed must be 1..1000000 Mbit/s, got "
              + value
              + " in '"
              + StrictNumbers.echo(whole)
              + "'");
    }
    return value;
  }

  /** Splits a comma list, naming an empty element (as in {@code 20,,20}). */
  private static String[] commaList(String option, String text, String allowed) {
    String[] parts = text.trim().split(",", -1);
    for (int k = 0; k < parts.length; k++) {
      if (parts[k].isBlank()) {
        throw new IllegalArgumentException(
            option
                + " element "
                + (k + 1)
                + " is empty in '"
                + StrictNumbers.echo(text)
                + "'; allowed: "
                + allowed);
      }
    }
    return parts;
  }

  /** Combines speeds with {@code --delay-us}: one value for every slave, or one per slave. */
  static List<SlaveLinkSpec> slaves(List<Long> speeds, String delayText, Netem netem) {
    String[] parts =
        commaList("--delay-us", delayText, "one value, or one per slave, like 20,20,50");
    if (parts.length != 1 && parts.length != speeds.size()) {
      throw new IllegalArgumentException(
          "--delay-us must be one value or one per slave ("
              + speeds.size()
              + "), got '"
              + delayText
              + "'");
    }
    List<SlaveLinkSpec> slaves = new ArrayList<>();
    for (int i = 0; i < speeds.size(); i++) {
      String part = parts[parts.length == 1 ? 0 : i].trim();
      double micros = StrictNumbers.decimal(part);
      if (!(micros >= 0 && micros <= 10_000_000)) {
        throw new IllegalArgumentException(
            "--delay-us must be 0..10000000 microseconds (10 s), got '"
                + StrictNumbers.echo(part)
                + "'");
      }
      slaves.add(new SlaveLinkSpec(speeds.get(i), Math.round(micros * 1000), netem));
    }
    return slaves;
  }

  /** Parses a time such as {@code 2s}, {@code 2.5s}, {@code 1500ms}, {@code 300us}; bare = s. */
  static long timeNs(String text, String option) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    double scale = 1e9;
    String number = t;
    if (t.endsWith("ms")) {
      scale = 1e6;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("us")) {
      scale = 1e3;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("ns")) {
      scale = 1;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      number = t.substring(0, t.length() - 1);
    }
    double value = StrictNumbers.decimal(number) * scale;
    if (!(value >= 0 && value <= 86_400e9)) {
      throw new IllegalArgumentException(
          option
              + " time must be a number 0..86400 with s, ms, us or ns (bare: seconds), got '"
              + StrictNumbers.echo(text)
              + "'");
    }
    return Math.round(value);
  }

  /** Parses {@code --fail eth0@2s} or {@code --recover eth0@3s}. */
  static LinkEvent linkEvent(String text, boolean up) {
    return linkEvent(text, up ? "--recover" : "--fail", up, LinkEvent.Fault.CARRIER);
  }

  /** Parses {@code --blackhole eth0@2s}, {@code eth0@2s:tx} or {@code eth0@2s:rx}. */
  static LinkEvent blackhole(String text) {
    String body = text;
    LinkEvent.Fault fault = LinkEvent.Fault.BLACKHOLE;
    int colon = text.lastIndexOf(':');
    if (colon > text.indexOf('@')) {
      String direction = text.substring(colon + 1).trim();
      body = text.substring(0, colon);
      if (direction.equals("tx")) {
        fault = LinkEvent.Fault.BLACKHOLE_TX;
      } else if (direction.equals("rx")) {
        fault = LinkEvent.Fault.BLACKHOLE_RX;
      } else {
        throw new IllegalArgumentException(
            "--blackhole direction must be tx or rx (none: both), got '"
                + StrictNumbers.echo(direction)
                + "'");
      }
    }
    return linkEvent(body, "--blackhole", false, fault);
  }

  private static LinkEvent linkEvent(
      String text, String option, boolean up, LinkEvent.Fault fault) {
    int at = text.indexOf('@');
    if (at <= 0 || at == text.length() - 1) {
      throw new IllegalArgumentException(
          option + " must be SLAVE@TIME like eth0@2s, got '" + StrictNumbers.echo(text) + "'");
    }
    String slave = text.substring(0, at).trim();
    // Accept slave0 as well as eth0, since people name slaves both ways.
    if (slave.startsWith("slave")) {
      slave = "eth" + slave.substring("slave".length());
    }
    return new LinkEvent(slave, timeNs(text.substring(at + 1), option), up, fault);
  }

  /**
   * Parses {@code --topology}.
   *
   * @param text auto, back-to-back or switch
   * @return the topology
   */
  static Network.Topology topology(String text) {
    for (Network.Topology topology : Network.Topology.values()) {
      if (topology.cliName().equals(text)) {
        return topology;
      }
    }
    throw new IllegalArgumentException(
        "--topology must be one of auto, back-to-back, switch, got '"
            + StrictNumbers.echo(text)
            + "'");
  }

  /**
   * Reads a whole number option in a range.
   *
   * @param option the option, for the message
   * @param text the value
   * @param min smallest allowed
   * @param max largest allowed
   * @param what what the range means, or empty
   * @return the value
   */
  static long whole(String option, String text, long min, long max, String what) {
    String t = text.trim();
    // Up to 19 digits, so that both ends of a long's range are accepted; beyond it, refused.
    if (t.matches("[+-]?[0-9]{1,19}")) {
      try {
        long value = Long.parseLong(t);
        if (value >= min && value <= max) {
          return value;
        }
      } catch (NumberFormatException e) {
        // past Long's range: refused below with the range it allows
      }
    }
    throw new IllegalArgumentException(
        option
            + " must be "
            + min
            + ".."
            + max
            + what
            + ", got '"
            + StrictNumbers.echo(text)
            + "'");
  }

  /** {@code --pcap-start}: an ISO 8601 instant from 1970 to 2106 (pcap's 32-bit seconds). */
  static long pcapStartNs(String text) {
    if (text == null) {
      return 0;
    }
    try {
      java.time.Instant at = java.time.Instant.parse(text.trim());
      if (at.getEpochSecond() < 0 || at.getEpochSecond() > 0xFFFF_FFFFL - 86_400L * 365) {
        throw new java.time.format.DateTimeParseException("out of range", text, 0);
      }
      return at.getEpochSecond() * 1_000_000_000L + at.getNano();
    } catch (java.time.format.DateTimeParseException e) {
      throw new IllegalArgumentException(
          "--pcap-start must be an ISO 8601 instant from 1970 to 2105 such as"
              + " 2026-12-05T09:00:00Z, got '"
              + text
              + "'");
    }
  }
}
