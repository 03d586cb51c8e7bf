package org.bondsim.packetdrill;

/**
 * How far an outbound packet's time may stray from the script's: the larger of {@code usecs} and
 * {@code percent} of the gap since the previous event ({@code verify_time} in packetdrill's run.c).
 * packetdrill's command-line flags {@code --tolerance_usecs} and {@code --tolerance_percent} set it
 * for every script; a script's own header lines override them, as packetdrill parses those after
 * the command line.
 *
 * @param usecs the absolute tolerance in microseconds, positive (packetdrill's default 4000)
 * @param percent the relative tolerance, 0 to 100 (packetdrill's default 12.5)
 */
public record Tolerance(long usecs, double percent) {
  /** packetdrill's defaults (config.c): 4 ms, 12.5 %. */
  public static final Tolerance DEFAULT = new Tolerance(4000, 12.5);

  /** Checks the values as packetdrill does ("bad --tolerance_usecs"). */
  public Tolerance {
    if (usecs <= 0) {
      throw new IllegalArgumentException("--tolerance_usecs must be positive, got " + usecs);
    }
    if (!(percent >= 0 && percent <= 100)) {
      throw new IllegalArgumentException("--tolerance_percent must be 0..100, got " + percent);
    }
  }
}
