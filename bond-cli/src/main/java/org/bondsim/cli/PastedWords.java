package org.bondsim.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * What a netperf line pasted from a terminal asks for that the simulation gives another meaning or
 * none: checked, and said in one note each on stderr, so the run is not taken for what the words
 * mean on a real host.
 */
final class PastedWords {
  private PastedWords() {}

  static List<String> notes(NetperfCommand c) {
    List<String> notes = new ArrayList<>();
    if ((c.localCpu || c.remoteCpu)
        && c.costProfile == null
        && c.cpuCosts == null
        && c.hostProfile == null) {
      // netperf's -c only observes, and so does bondsim's: it never brings a CPU model in (which
      // would pace the run and change its figures), so without one the columns are unknown.
      notes.add(
          "-c/-C: this run has no CPU model (none of --host-profile, --cost-profile, --cpu-costs),"
              + " so the CPU columns print netperf's -1 (not measured); --host-profile default"
              + " models the CPU, whose time then paces the run");
    }
    if (c.controlPort != null) {
      ports(c.controlPort);
      notes.add(
          "-p "
              + c.controlPort
              + " sets the control connection's ports, which the simulated hosts do not have: it"
              + " changes nothing");
    }
    if (c.testOptions.stream().anyMatch(w -> w.startsWith("-R"))) {
      notes.add(
          "-R (routing allowed, or SO_DONTROUTE with 0) changes nothing here: the simulated hosts"
              + " share a link, so the data takes the same path either way");
    }
    if (c.iterations != null || c.confidence != null) {
      if (c.iterations != null) {
        iterations(c.iterations);
      }
      if (c.confidence != null) {
        confidence(c.confidence);
      }
      notes.add(
          "-i/-I repeat a test until its result is within a confidence interval; a bondsim run is"
              + " deterministic, so every iteration gives the same figure and one is run (vary"
              + " --seed, or use bondsim compare, for a spread)");
    }
    return notes;
  }

  /** netperf's {@code -p port[,lport]}: each a port number when given. */
  private static void ports(String text) {
    String[] parts = text.split(",", -1);
    if (parts.length > 2) {
      throw new IllegalArgumentException(
          "-p must be port[,lport] (netperf's control ports), got '" + text + "'");
    }
    for (String part : parts) {
      if (!part.isEmpty()) {
        ArgumentParsers.whole("-p", part, 1, 65535, " (a port number)");
      }
    }
  }

  /** netperf's {@code -i max[,min]}: whole numbers, which netsh.c then clamps to 3..30. */
  private static void iterations(String text) {
    String[] parts = text.split(",", -1);
    if (parts.length > 2) {
      throw new IllegalArgumentException(
          "-i must be max[,min] iterations (netperf's confidence loop), got '" + text + "'");
    }
    for (String part : parts) {
      if (!part.isEmpty()) {
        ArgumentParsers.whole("-i", part, 1, Integer.MAX_VALUE, " iterations");
      }
    }
  }

  /** netperf's {@code -I level[,width]}: 95 or 99 %, and a width in percent. */
  private static void confidence(String text) {
    String[] parts = text.split(",", -1);
    String level = parts[0].trim();
    if (parts.length > 2 || !(level.equals("95") || level.equals("99"))) {
      throw new IllegalArgumentException(
          "-I must be level[,width] with level 95 or 99 (netperf's confidence levels), got '"
              + text
              + "'");
    }
    if (parts.length == 2 && !parts[1].isBlank()) {
      double width = org.bondsim.api.option.StrictNumbers.decimal(parts[1].trim());
      if (!(width > 0 && width <= 100)) {
        throw new IllegalArgumentException(
            "-I interval width must be a percentage over 0 and at most 100, got '"
                + parts[1]
                + "'");
      }
    }
  }
}
