package org.bondsim.policy.hash;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.bondsim.api.option.ChoiceOption;
import org.bondsim.api.option.ChoiceOption.Choice;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionLevel;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.TextOption;
import org.bondsim.api.policy.CoreNeed;

/**
 * Mode {@code 802.3ad} (4), the transmit side: {@code usable[xmit_hash % count]} over the slaves
 * that can transmit, which in this mode are only those whose port collects and distributes in the
 * active aggregator: the bond core runs LACP ({@link CoreNeed#LACP}, {@code bond_3ad.c}) and marks
 * every other slave inactive. As Linux's {@code bond_option_mode_set} does, the mode turns on
 * {@code miimon 100} unless miimon is set.
 *
 * <p>LACP's options, at the levels Linux has them ({@code bond_options.c}): {@code lacp_rate},
 * {@code ad_select} and {@code min_links} are module parameters and per-bond settings; {@code
 * lacp_active}, {@code ad_actor_sys_prio}, {@code ad_user_port_key} and {@code ad_actor_system} are
 * per bond only.
 */
public final class Ieee8023adProvider extends HashModeProvider {
  /** The LACP options this mode adds to the hash options, in {@code bond_opts[]} order. */
  static final List<OptionSpec> LACP_OPTIONS =
      List.of(
          new ChoiceOption(
              "lacp_rate",
              "slow",
              List.of(new Choice("slow", 0), new Choice("fast", 1)),
              "the rate the partner is asked to send LACPDUs at: every 30 s (times out after 90 s)"
                  + " or every 1 s (3 s)"),
          new ChoiceOption(
              "ad_select",
              "stable",
              List.of(new Choice("stable", 0), new Choice("bandwidth", 1), new Choice("count", 2)),
              "how the active aggregator is chosen"),
          new IntOption(
              "min_links",
              0,
              0,
              Integer.MAX_VALUE,
              "links",
              "active ports the aggregator needs before the bond has carrier"),
          new ChoiceOption(
              "lacp_active",
              "on",
              List.of(new Choice("off", 0), new Choice("on", 1)),
              "send LACPDUs on its own (on) or only answer an active partner (off)",
              OptionLevel.BOND_ONLY),
          new IntOption(
              "ad_actor_sys_prio",
              65535,
              1,
              65535,
              "",
              "the system priority in LACPDUs",
              OptionLevel.BOND_ONLY),
          new IntOption(
              "ad_user_port_key",
              0,
              0,
              1023,
              "",
              "the upper ten bits of every port's key",
              OptionLevel.BOND_ONLY),
          new TextOption(
              "ad_actor_system",
              "00:00:00:00:00:00",
              "the system MAC in LACPDUs; all zeros: the bond's MAC",
              OptionLevel.BOND_ONLY));

  @Override
  public List<OptionSpec> options() {
    List<OptionSpec> options = new ArrayList<>(super.options());
    options.addAll(LACP_OPTIONS);
    return options;
  }

  @Override
  public Set<CoreNeed> needs() {
    return EnumSet.of(CoreNeed.LACP);
  }

  @Override
  public String mode() {
    return "802.3ad";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.of(4);
  }

  @Override
  public String description() {
    return "IEEE 802.3ad dynamic link aggregation: LACP, then transmit hashing over the active"
        + " aggregator";
  }

  @Override
  public Map<String, String> modeDefaults() {
    return Map.of("miimon", "100");
  }

  @Override
  boolean walksAllSlaves() {
    return false;
  }
}
