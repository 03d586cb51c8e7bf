package org.bondsim.core.wire;

import java.util.Locale;

/**
 * How the switch bundles one host's ports, in a switch's configuration words: {@code channel-group
 * N mode on|active|passive}, {@code lacp rate fast|normal} on the members, and the switch's {@code
 * port-channel load-balance} method for traffic towards the host.
 *
 * @param mode static ({@code on}) or LACP, active or passive
 * @param fastRate {@code lacp rate fast}: the switch asks the host for a LACPDU every second and
 *     times out after 3 s; {@code normal}: 30 s and 90 s (the usual switch default)
 * @param loadBalance the hash over the members
 */
public record PortChannelSpec(Mode mode, boolean fastRate, SwitchHash loadBalance) {
  /** {@code channel-group … mode}. */
  public enum Mode {
    /** A static trunk: every member with carrier is in the bundle, no LACP. */
    ON,
    /** LACP, sending LACPDUs on its own. */
    ACTIVE,
    /** LACP, answering an active partner only. */
    PASSIVE;

    /**
     * Returns the keyword.
     *
     * @return {@code on}, {@code active} or {@code passive}
     */
    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** A static trunk hashing on source and destination IP. */
  public static final PortChannelSpec STATIC =
      new PortChannelSpec(Mode.ON, false, SwitchHash.SRC_DST_IP);

  /** LACP active at the normal rate, hashing on source and destination IP. */
  public static final PortChannelSpec LACP =
      new PortChannelSpec(Mode.ACTIVE, false, SwitchHash.SRC_DST_IP);

  /**
   * Checks the fields.
   *
   * @param mode mode
   * @param fastRate rate
   * @param loadBalance hash
   */
  public PortChannelSpec {
    if (mode == null || loadBalance == null) {
      throw new IllegalArgumentException("a port channel needs a mode and a load-balance method");
    }
  }

  /**
   * Returns the configuration as the command line writes it.
   *
   * @return such as {@code mode active lacp-rate fast load-balance src-dst-ip}
   */
  public String describe() {
    return "mode "
        + mode.word()
        + (mode == Mode.ON ? "" : " lacp-rate " + (fastRate ? "fast" : "normal"))
        + " load-balance "
        + loadBalance.word();
  }
}
