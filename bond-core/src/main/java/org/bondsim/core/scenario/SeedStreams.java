package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.core.engine.SeededRandom;

/**
 * A run's random streams, split from one root seeded with the scenario's seed in the one order
 * {@link Stream} lists (ARCHITECTURE.md quotes it, and a test holds the two together). Replaying a
 * scenario byte for byte depends on that order: a stream split out of it is refused at once, so a
 * reordered or new split fails every run until the order, the list and the document agree. A new
 * stream goes last, so that every older one draws as before.
 */
final class SeedStreams {
  /** The streams, in the order they are split. */
  enum Stream {
    /** The sending bond's transmit policy. */
    SENDER_POLICY,
    /** The receiving bond's transmit policy. */
    RECEIVER_POLICY,
    /** The sending bond's link monitor (its phase). */
    SENDER_MONITOR,
    /** The receiving bond's link monitor. */
    RECEIVER_MONITOR,
    /** The workload (netperf's test). */
    WORKLOAD,
    /** The netem stages, one child per stage in link order. */
    NETEM,
    /** Each client host's policy (the three client streams repeat per client, in client order). */
    CLIENT_POLICY,
    /** Each client host's link monitor. */
    CLIENT_MONITOR,
    /** Each client host's netem stages. */
    CLIENT_NETEM,
    /** LACP (802.3ad's machines on bonds and port channels). */
    LACP,
    /** The ports' oscillators and octet-clock phases ({@code Cabling.setClocks}). */
    CLOCKS,
    /** The shaped links' timers ({@code Cabling.shape}). */
    SHAPING,
    /** When the machine running both hosts stands still ({@link GuestStalls}). */
    STALLS,
    /** How many frames each bond sent before the test ({@link Network#earlierTraffic}). */
    EARLIER_TRAFFIC
  }

  private final SeededRandom root;
  private final List<Stream> taken = new ArrayList<>();

  SeedStreams(long seed) {
    this.root = new SeededRandom(seed);
  }

  /**
   * Splits the next stream from the root.
   *
   * @param stream which one
   * @return its generator
   * @throws IllegalStateException when it comes out of {@link Stream}'s order
   */
  SeededRandom split(Stream stream) {
    Stream last = taken.isEmpty() ? null : taken.get(taken.size() - 1);
    boolean nextClient = last == Stream.CLIENT_NETEM && stream == Stream.CLIENT_POLICY;
    if (last != null && stream.ordinal() <= last.ordinal() && !nextClient) {
      throw new IllegalStateException(
          "random stream "
              + stream
              + " split after "
              + last
              + ": the order is "
              + List.of(Stream.values()));
    }
    taken.add(stream);
    return root.split();
  }

  /** The streams split so far, in order. */
  List<Stream> taken() {
    return List.copyOf(taken);
  }
}
