package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.OptionLevel;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.policy.CoreNeed;
import org.bondsim.core.bond.BondOptions;
import org.bondsim.core.bond.PolicyRegistry;

/**
 * Turns a {@link BondSpec} and module parameters into a mode and checked options, with Linux's
 * rules: the default mode is balance-rr, an option of another mode is refused for this one ("mode
 * dependency"), an unknown option or a value out of range is refused with what is allowed.
 */
public final class BondFactory {
  /** Linux's default mode when none is given. */
  public static final String DEFAULT_MODE = "balance-rr";

  private final PolicyRegistry registry;

  /**
   * Every option Linux's bonding driver takes ({@code bond_opts[]} in {@code
   * drivers/net/bonding/bond_options.c}, 6.17): one no registered mode knows is refused as Linux's
   * but not modelled, not as unknown.
   */
  static final java.util.Set<String> LINUX_OPTIONS =
      java.util.Set.of(
          "mode",
          "packets_per_slave",
          "xmit_hash_policy",
          "arp_validate",
          "arp_all_targets",
          "fail_over_mac",
          "arp_interval",
          "arp_missed_max",
          "arp_ip_target",
          "ns_ip6_target",
          "downdelay",
          "updelay",
          "lacp_active",
          "lacp_rate",
          "min_links",
          "ad_select",
          "num_unsol_na",
          "miimon",
          "prio",
          "primary",
          "primary_reselect",
          "use_carrier",
          "active_slave",
          "queue_id",
          "all_slaves_active",
          "resend_igmp",
          "lp_interval",
          "slaves",
          "tlb_dynamic_lb",
          "ad_actor_sys_prio",
          "ad_actor_system",
          "ad_user_port_key",
          "num_grat_arp",
          "peer_notif_delay",
          "coupled_control",
          "broadcast_neighbor");

  /**
   * Builds a factory over the discovered modes.
   *
   * @param registry the modes
   */
  public BondFactory(PolicyRegistry registry) {
    this.registry = registry;
  }

  /**
   * A mode and its resolved options.
   *
   * @param entry the mode
   * @param options every option of the bond, resolved
   */
  public record ResolvedBond(PolicyRegistry.Entry entry, Options options, List<String> warnings) {
    /**
     * Freezes the warnings.
     *
     * @param entry the mode
     * @param options the options
     * @param warnings what Linux would log as warnings while taking these settings
     */
    public ResolvedBond {
      warnings = List.copyOf(warnings);
    }
  }

  /** A mode no plugin provides, or that two plugins provide (so neither is used). */
  private OptionException unknownMode(String mode) {
    return registry
        .conflict(mode)
        .map(why -> new OptionException("mode", mode, why))
        .orElseGet(
            () ->
                OptionException.mustBe(
                    "mode", "one of " + registry.describeModes(), "'" + mode + "'"));
  }

  /**
   * Resolves a bond's settings.
   *
   * @param spec the per-bond settings
   * @param moduleParameters global defaults
   * @return the mode and options
   * @throws OptionException naming the field, the value and what is allowed
   */
  public ResolvedBond resolve(BondSpec spec, Map<String, String> moduleParameters) {
    String modeText = spec.mode();
    if (modeText.isEmpty()) {
      modeText = moduleParameters.getOrDefault("mode", DEFAULT_MODE);
    }
    String mode = modeText;
    PolicyRegistry.Entry entry = registry.find(mode).orElseThrow(() -> unknownMode(mode));
    List<OptionSpec> specs = specsOf(entry);
    // The mode's own defaults first; a module parameter given explicitly replaces them.
    Map<String, String> globals = new LinkedHashMap<>(entry.provider().modeDefaults());
    for (Map.Entry<String, String> parameter : moduleParameters.entrySet()) {
      String name = parameter.getKey();
      if (name.equals("mode")) {
        registry.find(parameter.getValue()).orElseThrow(() -> unknownMode(parameter.getValue()));
        continue;
      }
      if (hasSpec(specs, name)) {
        globals.put(name, parameter.getValue());
      } else if (!moduleParameterNames().contains(name)) {
        if (knownAnywhere(name)) {
          // A per-bond option of another mode: refused as for this mode (Options.resolve).
          Options.resolve(
              List.of(findAnywhere(name)), Map.of(name, parameter.getValue()), Map.of());
        }
        throw new OptionException(
            name,
            parameter.getValue(),
            "unknown module parameter '"
                + name
                + "'; allowed: "
                + String.join(", ", moduleParameterNames()));
      } else {
        // A module parameter for other modes sets their default; check its value all the same.
        findAnywhere(name).parse(parameter.getValue());
      }
    }
    for (Map.Entry<String, String> setting : spec.settings().entrySet()) {
      String name = setting.getKey();
      if (hasSpec(specs, name)) {
        continue;
      }
      if (knownAnywhere(name)) {
        throw new OptionException(
            name,
            setting.getValue(),
            // bond_opt_check_deps: "option %s: mode dependency failed, not supported in mode
            // %s(%d)"
            "option "
                + name
                + ": mode dependency failed, not supported in mode "
                + entry.provider().mode()
                + entry.provider().alias().stream()
                    .mapToObj(n -> "(" + n + ")")
                    .findFirst()
                    .orElse("")
                + "; it applies to: "
                + String.join(", ", modesAccepting(name)));
      }
      if (LINUX_OPTIONS.contains(name)) {
        throw new OptionException(
            name,
            setting.getValue(),
            "bond option '"
                + name
                + "' is Linux's but not modelled by bondsim; allowed in mode "
                + entry.provider().mode()
                + ": "
                + specs.stream().map(OptionSpec::name).collect(Collectors.joining(", ")));
      }
      throw new OptionException(
          name,
          setting.getValue(),
          "unknown bond option '"
              + name
              + "'; allowed in mode "
              + entry.provider().mode()
              + ": "
              + specs.stream().map(OptionSpec::name).collect(Collectors.joining(", ")));
    }
    Options options = Options.resolve(specs, globals, spec.settings());
    List<String> warnings = new ArrayList<>();
    Map<String, String> monitors =
        ArpMonitorSettings.check(options, spec.settings(), moduleParameters, warnings);
    if (!monitors.equals(spec.settings())) {
      options = Options.resolve(specs, globals, monitors);
    }
    Map<String, String> rounded =
        MonitorDelays.check(options, monitors, moduleParameters, warnings);
    if (!rounded.equals(monitors)) {
      options = Options.resolve(specs, globals, rounded);
    }
    return new ResolvedBond(entry, options, warnings);
  }

  /** The names {@code modprobe bonding NAME=VALUE} takes: mode and every module-level option. */
  private TreeSet<String> moduleParameterNames() {
    TreeSet<String> names = new TreeSet<>();
    names.add("mode");
    for (PolicyRegistry.Entry entry : registry.entries()) {
      for (OptionSpec spec : specsOfAll(entry)) {
        if (spec.level() == OptionLevel.MODULE_AND_BOND) {
          names.add(spec.name());
        }
      }
    }
    return names;
  }

  /**
   * Returns every option a bond of this mode has: the mode-independent ones, then the mode's own.
   *
   * @param entry the mode
   * @return option specs
   */
  public static List<OptionSpec> specsOf(PolicyRegistry.Entry entry) {
    var needs = entry.provider().needs();
    boolean activeSlave = needs.contains(CoreNeed.USES_ACTIVE_SLAVE);
    // Linux's unsuppmodes for the ARP monitor: 802.3ad, balance-tlb, balance-alb.
    boolean arpMonitor = !needs.contains(CoreNeed.LACP) && !needs.contains(CoreNeed.OWN_SLAVE_MACS);
    List<OptionSpec> specs = new ArrayList<>();
    for (OptionSpec spec : BondOptions.SPECS) {
      if ((activeSlave || !BondOptions.ACTIVE_SLAVE_OPTIONS.contains(spec.name()))
          && (arpMonitor || !BondOptions.ARP_MONITOR_OPTIONS.contains(spec.name()))) {
        specs.add(spec);
      }
    }
    specs.addAll(entry.provider().options());
    return specs;
  }

  private static boolean hasSpec(List<OptionSpec> specs, String name) {
    return specs.stream().anyMatch(s -> s.name().equals(name));
  }

  private boolean knownAnywhere(String name) {
    return allNames().contains(name);
  }

  private OptionSpec findAnywhere(String name) {
    for (PolicyRegistry.Entry entry : registry.entries()) {
      for (OptionSpec spec : specsOfAll(entry)) {
        if (spec.name().equals(name)) {
          return spec;
        }
      }
    }
    throw new IllegalStateException(name);
  }

  private static List<OptionSpec> specsOfAll(PolicyRegistry.Entry entry) {
    List<OptionSpec> specs = new ArrayList<>(BondOptions.SPECS);
    specs.addAll(entry.provider().options());
    return specs;
  }

  private TreeSet<String> allNames() {
    TreeSet<String> names = new TreeSet<>();
    for (PolicyRegistry.Entry entry : registry.entries()) {
      specsOfAll(entry).forEach(s -> names.add(s.name()));
    }
    return names;
  }

  private List<String> modesAccepting(String name) {
    List<String> modes = new ArrayList<>();
    for (PolicyRegistry.Entry entry : registry.entries()) {
      if (hasSpec(specsOf(entry), name)) {
        modes.add(entry.provider().mode());
      }
    }
    return modes;
  }
}
