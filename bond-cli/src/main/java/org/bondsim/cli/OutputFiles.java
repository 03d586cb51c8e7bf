package org.bondsim.cli;

/**
 * The netperf command's file options ({@code --pcap}, {@code --pcap-start}, {@code --pcap-snaplen},
 * {@code --series}, {@code --interval}, {@code --plot}) checked together before the run, so that
 * one the others need is named in one line.
 */
final class OutputFiles {
  private OutputFiles() {}

  /**
   * Creates a directory an option names ({@code --series-dir}, {@code --pcap-dir}), or says in one
   * line why it cannot be.
   */
  static void makeDirectory(String option, java.nio.file.Path dir) {
    try {
      java.nio.file.Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException(
          option + " " + dir + " cannot be made (" + SeriesFile.reason(e) + ")");
    }
  }

  static void check(NetperfCommand c) {
    if (c.pcap != null && c.pcap.toString().isEmpty()) {
      throw new IllegalArgumentException("--pcap needs a directory, got ''");
    }
    if (c.pcapStart != null && c.pcap == null) {
      throw new IllegalArgumentException("--pcap-start needs --pcap DIR");
    }
    if (c.pcapStart != null) {
      ArgumentParsers.pcapStartNs(c.pcapStart);
    }
    if (c.pcapSnaplen != null && c.pcap == null) {
      throw new IllegalArgumentException("--pcap-snaplen needs --pcap DIR");
    }
    if (c.plot != null && c.series == null) {
      throw new IllegalArgumentException("--plot needs --series FILE.csv (the data it draws)");
    }
    if (c.plot != null) {
      Pictures.checkName("--plot", c.plot);
    }
    if (c.interval != null && c.series == null) {
      throw new IllegalArgumentException("--interval needs --series FILE.csv");
    }
  }
}
