package org.bondsim.core.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.Options;
import org.bondsim.core.bond.BondOptions;

/**
 * updelay and downdelay as Linux takes them. Per bond ({@code _bond_option_delay_set} in {@code
 * bond_options.c}, 6.x): refused with EPERM while miimon is 0 ("Unable to set up delay as MII
 * monitoring is disabled"), and a value that is not a multiple of miimon is rounded down with a
 * warning. As module parameters ({@code bond_check_params} in {@code bond_main.c}): a warning that
 * they have no effect without miimon, and the same rounding with its own warning.
 */
final class MonitorDelays {
  private MonitorDelays() {}

  /**
   * Checks the delays against the resolved miimon.
   *
   * @param options the resolved options
   * @param bondSettings the per-bond settings
   * @param moduleParameters the module parameters given
   * @param warnings where to add what Linux logs as warnings
   * @return the per-bond settings, with rounded delays
   * @throws OptionException for a per-bond delay while miimon is 0
   */
  static Map<String, String> check(
      Options options,
      Map<String, String> bondSettings,
      Map<String, String> moduleParameters,
      List<String> warnings) {
    long miimon = options.getLong(BondOptions.MIIMON);
    Map<String, String> result = new LinkedHashMap<>(bondSettings);
    for (String[] delay :
        List.of(
            new String[] {BondOptions.UPDELAY, "up delay"},
            new String[] {BondOptions.DOWNDELAY, "down delay"})) {
      String name = delay[0];
      String words = delay[1];
      long value = options.getLong(name);
      long roundedDown = miimon == 0 ? value : value / miimon * miimon;
      if (bondSettings.containsKey(name)) {
        if (miimon == 0) {
          throw new OptionException(
              name,
              bondSettings.get(name),
              name
                  + " "
                  + bondSettings.get(name)
                  + " is refused as Linux refuses it: \"Unable to set "
                  + words
                  + " as MII monitoring is disabled\" (EPERM); allowed: set miimon too, e.g."
                  + " miimon 100 "
                  + name
                  + " "
                  + bondSettings.get(name));
        }
        if (roundedDown != value) {
          warnings.add(
              String.format(
                  "bond0: %s (%d) is not a multiple of miimon (%d), value rounded to %d ms",
                  words, value, miimon, roundedDown));
          result.put(name, Long.toString(roundedDown));
        }
      } else if (moduleParameters.containsKey(name) && value > 0) {
        if (miimon == 0) {
          warnings.add(
              String.format(
                  "bonding: Warning: miimon module parameter not set and %s (%d) module parameter"
                      + " is set; updelay and downdelay have no effect unless miimon is set",
                  name, value));
        } else if (roundedDown != value) {
          warnings.add(
              String.format(
                  "bonding: Warning: %s (%d) is not a multiple of miimon (%d), %s rounded to %d ms",
                  name, value, miimon, name, roundedDown));
          result.put(name, Long.toString(roundedDown));
        }
      }
    }
    return result;
  }
}
