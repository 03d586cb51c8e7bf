package org.bondsim.core.bond;

import java.util.List;
import org.bondsim.api.option.ChoiceOption;
import org.bondsim.api.option.ChoiceOption.Choice;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.TextOption;

/**
 * The options every bond has whatever its mode, with Linux's names, ranges and defaults ({@code
 * bond_options.c}, {@code Documentation/networking/bonding.rst}).
 */
public final class BondOptions {
  /** MII link monitoring interval. */
  public static final String MIIMON = "miimon";

  /** Delay before enabling a slave after link recovery. */
  public static final String UPDELAY = "updelay";

  /** Delay before disabling a slave after link failure. */
  public static final String DOWNDELAY = "downdelay";

  /** The preferred active slave. */
  public static final String PRIMARY = "primary";

  /** When the primary takes over again. */
  public static final String PRIMARY_RESELECT = "primary_reselect";

  /** Every mode-independent option, in display order. */
  public static final List<OptionSpec> SPECS =
      List.of(
          new IntOption(
              MIIMON,
              0,
              0,
              Integer.MAX_VALUE,
              "ms",
              "MII link monitoring interval; 0 disables link monitoring"),
          new IntOption(
              UPDELAY,
              0,
              0,
              Integer.MAX_VALUE,
              "ms",
              "wait before enabling a recovered slave; rounded down to a multiple of miimon"),
          new IntOption(
              DOWNDELAY,
              0,
              0,
              Integer.MAX_VALUE,
              "ms",
              "wait before disabling a failed slave; rounded down to a multiple of miimon"),
          new TextOption(
              PRIMARY,
              "",
              "slave preferred as active while it is up (modes that keep an active slave)"),
          new ChoiceOption(
              PRIMARY_RESELECT,
              "always",
              List.of(new Choice("always", 0), new Choice("better", 1), new Choice("failure", 2)),
              "when a recovered primary takes over: always, if faster, or only on failure"));

  /** Options that only modes keeping an active slave accept (Linux: modes 1, 5, 6). */
  public static final List<String> ACTIVE_SLAVE_OPTIONS = List.of(PRIMARY, PRIMARY_RESELECT);

  private BondOptions() {}
}
