package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.Options;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.core.bond.BondOptions;

/**
 * The ARP monitor's settings as Linux takes them, and its one-of-two rule with miimon.
 *
 * <p>Per bond ({@code bond_changelink} handles miimon before arp_interval; 6.17 {@code
 * bond_options.c}): setting {@code arp_interval} turns MII monitoring off, setting {@code miimon}
 * turns ARP monitoring off and {@code arp_validate} back to none; a target that is 0.x.x.x or
 * 255.255.255.255 ({@code bond_is_ip_target_ok}), a duplicate, or a 17th target is refused.
 *
 * <p>As module parameters ({@code bond_check_params}): a bad target or {@code arp_interval} without
 * targets turns ARP monitoring off with Linux's warning, a duplicate is skipped, and {@code
 * arp_validate} without {@code arp_interval} fails the module load. Linux would run both monitors
 * when both are module parameters; bondsim runs one monitor per bond and refuses that case.
 */
final class ArpMonitorSettings {
  private ArpMonitorSettings() {}

  /**
   * Parses a comma-separated target list.
   *
   * @param text the option's value
   * @return the targets, in order
   * @throws OptionException for a bad, duplicate or 17th target
   */
  static List<Ipv4Address> targets(String text) {
    List<Ipv4Address> targets = new ArrayList<>();
    if (text.isEmpty()) {
      return targets;
    }
    for (String part : text.split(",", -1)) {
      Ipv4Address address;
      try {
        address = Ipv4Address.parse(part.trim());
      } catch (IllegalArgumentException e) {
        throw new OptionException(
            BondOptions.ARP_IP_TARGET,
            text,
            "arp_ip_target must be IPv4 addresses like 10.0.0.2, comma-separated, got '"
                + part
                + "'");
      }
      if (!usable(address)) {
        throw new OptionException(
            BondOptions.ARP_IP_TARGET,
            text,
            "invalid ARP target " + part.trim() + " specified for addition (Linux: EINVAL)");
      }
      if (targets.contains(address)) {
        throw new OptionException(
            BondOptions.ARP_IP_TARGET,
            text,
            "ARP target " + part.trim() + " is already present (Linux: EINVAL)");
      }
      if (targets.size() == BondOptions.MAX_ARP_TARGETS) {
        throw new OptionException(
            BondOptions.ARP_IP_TARGET,
            text,
            "ARP target table is full! (Linux takes at most 16 targets)");
      }
      targets.add(address);
    }
    return targets;
  }

  /**
   * Applies the rules above.
   *
   * @param options the resolved options
   * @param bondSettings the per-bond settings
   * @param moduleParameters the module parameters
   * @param warnings where Linux's messages go
   * @return the per-bond settings, adjusted
   */
  static Map<String, String> check(
      Options options,
      Map<String, String> bondSettings,
      Map<String, String> moduleParameters,
      List<String> warnings) {
    Map<String, String> result = new LinkedHashMap<>(bondSettings);
    if (!options.has(BondOptions.ARP_INTERVAL)) {
      return result;
    }
    long moduleArp = moduleLong(moduleParameters, BondOptions.ARP_INTERVAL);
    String moduleTargets = moduleParameters.get(BondOptions.ARP_IP_TARGET);
    int moduleTargetCount = 0;
    if (moduleTargets != null && !bondSettings.containsKey(BondOptions.ARP_IP_TARGET)) {
      ModuleTargets kept = moduleTargets(moduleTargets, warnings);
      moduleTargetCount = kept.kept().size();
      if (kept.anyBad()) {
        moduleArp = 0;
        if (!positive(bondSettings, BondOptions.ARP_INTERVAL)) {
          result.put(BondOptions.ARP_INTERVAL, "0");
        }
      }
      result.put(BondOptions.ARP_IP_TARGET, String.join(",", kept.kept()));
    }
    targets(
        result.getOrDefault(
            BondOptions.ARP_IP_TARGET, options.getString(BondOptions.ARP_IP_TARGET)));
    long moduleMii = moduleLong(moduleParameters, BondOptions.MIIMON);
    boolean bondArp = positive(bondSettings, BondOptions.ARP_INTERVAL);
    boolean bondMii = positive(bondSettings, BondOptions.MIIMON);
    if (moduleArp > 0 && moduleMii > 0 && !bondArp && !bondMii) {
      throw new OptionException(
          BondOptions.ARP_INTERVAL,
          Long.toString(moduleArp),
          "miimon and arp_interval are both module parameters: Linux would run both monitors on"
              + " the same slaves, which bondsim does not model; allowed: one of them, or either"
              + " per bond");
    }
    if (!moduleParameters.getOrDefault(BondOptions.ARP_VALIDATE, "none").equals("none")
        && moduleArp == 0) {
      throw new OptionException(
          BondOptions.ARP_VALIDATE,
          moduleParameters.get(BondOptions.ARP_VALIDATE),
          "arp_validate requires arp_interval (the module would fail to load, EINVAL)");
    }
    if (moduleArp > 0 && !bondArp && moduleTargetCount == 0) {
      warnings.add(
          "bonding: Warning: arp_interval module parameter ("
              + moduleArp
              + ") specified without providing an arp_ip_target parameter, arp_interval was"
              + " reset to 0");
      result.put(BondOptions.ARP_INTERVAL, "0");
      return result;
    }
    if (bondArp && options.getLong(BondOptions.MIIMON) > 0) {
      // bond_changelink sets miimon first, then arp_interval, whose setter turns miimon off.
      warnings.add(
          "bond0: ARP monitoring cannot be used with MII monitoring. Disabling MII monitoring");
      result.put(BondOptions.MIIMON, "0");
    } else if (bondMii && moduleArp > 0) {
      warnings.add(
          "bond0: MII monitoring cannot be used with ARP monitoring - disabling ARP"
              + " monitoring...");
      result.put(BondOptions.ARP_INTERVAL, "0");
      result.put(BondOptions.ARP_VALIDATE, "none");
      return result;
    }
    if (bondArp && options.getString(BondOptions.ARP_IP_TARGET).isEmpty()) {
      warnings.add("bond0: ARP monitoring has been set up, but no ARP targets have been specified");
    }
    return result;
  }

  /** The module's targets that {@code bond_check_params} keeps, and whether any was bad. */
  private record ModuleTargets(List<String> kept, boolean anyBad) {}

  /**
   * {@code bond_check_params} on the module's targets: a bad one is warned about and turns ARP
   * monitoring off, a duplicate is skipped with a warning.
   */
  private static ModuleTargets moduleTargets(String text, List<String> warnings) {
    List<String> kept = new ArrayList<>();
    List<Ipv4Address> seen = new ArrayList<>();
    boolean anyBad = false;
    for (String part : text.split(",", -1)) {
      String word = part.trim();
      Ipv4Address address;
      try {
        address = Ipv4Address.parse(word);
      } catch (IllegalArgumentException e) {
        address = null;
      }
      if (address == null || !usable(address)) {
        anyBad = true;
        warnings.add(
            "bonding: Warning: bad arp_ip_target module parameter ("
                + word
                + "), ARP monitoring will not be performed");
      } else if (seen.contains(address)) {
        warnings.add("bonding: Warning: duplicate address " + word + " in arp_ip_target, skipping");
      } else {
        seen.add(address);
        kept.add(word);
      }
    }
    return new ModuleTargets(kept, anyBad);
  }

  /** {@code bond_is_ip_target_ok}: neither 0.x.x.x nor 255.255.255.255. */
  private static boolean usable(Ipv4Address address) {
    return (address.bits() >>> 24) != 0 && address.bits() != -1;
  }

  private static boolean positive(Map<String, String> settings, String name) {
    String value = settings.get(name);
    return value != null && !value.equals("0") && !value.isEmpty();
  }

  private static long moduleLong(Map<String, String> parameters, String name) {
    String value = parameters.get(name);
    if (value == null) {
      return 0;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
