package org.bondsim.core.scenario;

import java.util.Locale;

/**
 * How the two hosts' slaves are cabled.
 *
 * @param topology back to back, through a switch, or chosen by the mode
 * @param switchBufferFrames frames each switch egress port queues before it drops at the tail
 * @param clients how many client hosts run the test against the one server (through a switch only);
 *     stream i runs from client {@code i % clients}
 */
public record Network(Topology topology, int switchBufferFrames, int clients) {
  /** A switch port buffer of 1000 frames, about 1.5 MB of full-size frames. */
  public static final int DEFAULT_SWITCH_BUFFER = 1000;

  /** Cabling chosen by the mode, with the default switch buffer. */
  public static final Network AUTO = new Network(Topology.AUTO, DEFAULT_SWITCH_BUFFER, 1);

  /**
   * Checks the buffer.
   *
   * @param topology topology
   * @param switchBufferFrames buffer
   * @param clients client hosts
   */
  public Network {
    if (topology == null) {
      throw new IllegalArgumentException("--topology must be given");
    }
    if (switchBufferFrames < 1 || switchBufferFrames > 1_000_000) {
      throw new IllegalArgumentException(
          "--switch-buffer must be 1..1000000 frames, got " + switchBufferFrames);
    }
    if (clients < 1 || clients > 250) {
      throw new IllegalArgumentException("--clients must be 1..250, got " + clients);
    }
  }

  /**
   * Cabling with one client host.
   *
   * @param topology topology
   * @param switchBufferFrames buffer
   */
  public Network(Topology topology, int switchBufferFrames) {
    this(topology, switchBufferFrames, 1);
  }

  /** The ways to cable two bonded hosts. */
  public enum Topology {
    /**
     * A switch for the modes that need none configured and keep their own slave MACs (balance-tlb,
     * balance-alb); back to back for the others.
     */
    AUTO,
    /** Slave i of one host cabled straight to slave i of the other. */
    BACK_TO_BACK,
    /** Every slave of both hosts cabled to one learning switch. */
    SWITCH;

    /**
     * Returns the name the command line uses.
     *
     * @return {@code auto}, {@code back-to-back} or {@code switch}
     */
    public String cliName() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }
}
