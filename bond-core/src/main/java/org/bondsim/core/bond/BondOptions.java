package org.bondsim.core.bond;

import java.util.List;
import org.bondsim.api.option.ChoiceOption;
import org.bondsim.api.option.ChoiceOption.Choice;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionLevel;
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

  /** ARP link monitoring interval ({@code arp_interval}). */
  public static final String ARP_INTERVAL = "arp_interval";

  /** The addresses the ARP monitor asks for, comma-separated as iproute2 takes them. */
  public static final String ARP_IP_TARGET = "arp_ip_target";

  /** Which ARP frames count as proof of life. */
  public static final String ARP_VALIDATE = "arp_validate";

  /** Whether any target or every target must answer. */
  public static final String ARP_ALL_TARGETS = "arp_all_targets";

  /** Intervals without an answer before a slave is down. */
  public static final String ARP_MISSED_MAX = "arp_missed_max";

  /** Linux's {@code BOND_MAX_ARP_TARGETS}. */
  public static final int MAX_ARP_TARGETS = 16;

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
              "when a recovered primary takes over: always, if faster, or only on failure"),
          new IntOption(
              ARP_INTERVAL,
              0,
              0,
              Integer.MAX_VALUE,
              "ms",
              "ARP link monitoring interval; 0 disables it; setting it turns miimon off"),
          new TextOption(
              ARP_IP_TARGET,
              "",
              "IPv4 addresses the ARP monitor asks for, comma-separated, at most 16"),
          new ChoiceOption(
              ARP_VALIDATE,
              "none",
              List.of(
                  new Choice("none", 0),
                  new Choice("active", 1),
                  new Choice("backup", 2),
                  new Choice("all", 3),
                  new Choice("filter", 4),
                  new Choice("filter_active", 5),
                  new Choice("filter_backup", 6)),
              "which slaves count only ARP traffic from or for a target as proof of life"),
          new ChoiceOption(
              ARP_ALL_TARGETS,
              "any",
              List.of(new Choice("any", 0), new Choice("all", 1)),
              "a slave is up if any target answers, or only if every one does"),
          new IntOption(
              ARP_MISSED_MAX,
              2,
              1,
              255,
              "",
              "ARP intervals without proof of life before a slave is down",
              OptionLevel.BOND_ONLY));

  /**
   * Options Linux refuses in 802.3ad, balance-tlb and balance-alb ({@code unsuppmodes} in {@code
   * bond_options.c}); {@code arp_ip_target} and {@code arp_all_targets} are accepted everywhere.
   */
  public static final List<String> ARP_MONITOR_OPTIONS =
      List.of(ARP_INTERVAL, ARP_VALIDATE, ARP_MISSED_MAX);

  /** Options that only modes keeping an active slave accept (Linux: modes 1, 5, 6). */
  public static final List<String> ACTIVE_SLAVE_OPTIONS = List.of(PRIMARY, PRIMARY_RESELECT);

  private BondOptions() {}
}
