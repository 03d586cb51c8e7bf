package org.bondsim.cli;

/** netperf's {@code -f} output units. */
enum ThroughputUnits {
  KILOBITS("k", 1e3, "10^3bits/sec"),
  MEGABITS("m", 1e6, "10^6bits/sec"),
  GIGABITS("g", 1e9, "10^9bits/sec"),
  KIBIBYTES("K", 8.0 * 1024, "KBytes/sec"),
  MEBIBYTES("M", 8.0 * 1024 * 1024, "MBytes/sec"),
  GIBIBYTES("G", 8.0 * 1024 * 1024 * 1024, "GBytes/sec");

  private final String letter;
  private final double bitsPerUnit;
  private final String label;

  ThroughputUnits(String letter, double bitsPerUnit, String label) {
    this.letter = letter;
    this.bitsPerUnit = bitsPerUnit;
    this.label = label;
  }

  static ThroughputUnits parse(String text) {
    for (ThroughputUnits units : values()) {
      if (units.letter.equals(text)) {
        return units;
      }
    }
    throw new IllegalArgumentException("-f must be one of k, m, g, K, M, G, got '" + text + "'");
  }

  double fromMegabits(double mbps) {
    return mbps * 1e6 / bitsPerUnit;
  }

  double bitsPerUnit() {
    return bitsPerUnit;
  }

  String label() {
    return label;
  }
}
